//! `maze generate --stats` and the batch filters `--where` and `--hardness`:
//! the figures of [`maze_core::stats`] as a table or JSON, and conditions on them.

use std::fmt;
use std::str::FromStr;

use maze_core::stats::{Hardness, Stats, Value};

use crate::error::Error;

/// How `--stats` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatsFormat {
    /// Two columns: key and value, one figure per line.
    Text,
    /// One JSON object per maze (JSON Lines for several).
    Json,
}

impl fmt::Display for StatsFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StatsFormat::Text => "text",
            StatsFormat::Json => "json",
        })
    }
}

impl FromStr for StatsFormat {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "text" | "table" => Ok(StatsFormat::Text),
            "json" => Ok(StatsFormat::Json),
            _ => Err(format!("unknown stats format '{s}' (expected text or json)")),
        }
    }
}

/// The keys `--where` takes: every figure of [`Stats::values`] (junction counts for up to
/// 16 doors), plus `solution` for `solution_length`.
fn known_key(key: &str) -> Option<&'static str> {
    const FIXED: [&str; 23] = [
        "cells",
        "passages",
        "perfect",
        "dead_ends",
        "dead_end_share",
        "corridor_cells",
        "junctions",
        "isolated",
        "corridors",
        "corridor_mean_length",
        "solution_length",
        "solution_share",
        "direct_distance",
        "winding",
        "decisions",
        "decision_weight",
        "diameter",
        "diameter_exact",
        "river",
        "turns",
        "straightness",
        "difficulty",
        "hardness",
    ];
    let key = key.trim().to_ascii_lowercase().replace('-', "_");
    if key == "solution" {
        return Some("solution_length");
    }
    FIXED.iter().copied().chain((3..=16).map(maze_core::stats::junction_key)).find(|k| *k == key)
}

/// The share that a count is compared as when the threshold is a fraction (`dead_ends<0.25`)
/// or a percentage (`dead_ends<25%`).
fn share_of(key: &str) -> Option<&'static str> {
    match key {
        "dead_ends" => Some("dead_end_share"),
        "solution_length" => Some("solution_share"),
        _ => None,
    }
}

/// A comparison of `--where`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

impl Op {
    fn holds(self, a: f64, b: f64) -> bool {
        match self {
            Op::Lt => a < b,
            Op::Le => a <= b,
            Op::Gt => a > b,
            Op::Ge => a >= b,
            Op::Eq => (a - b).abs() <= 1e-9 * b.abs().max(1.0),
            Op::Ne => (a - b).abs() > 1e-9 * b.abs().max(1.0),
        }
    }
}

/// One condition on a maze's statistics, as `--where` takes it: `KEY OP VALUE` with `OP`
/// one of `<`, `<=`, `>`, `>=`, `=` (or `==`), `!=`. Counts compared with a fraction below
/// 1 (`dead_ends<0.25`) or a percentage (`dead_ends<25%`) compare their share of the cells
/// instead; `hardness` compares bands by name (`hardness>=hard`); yes/no figures take
/// `true`/`false`. A figure that is missing (no route) fails every condition.
#[derive(Clone, Debug, PartialEq)]
pub struct Filter {
    key: &'static str,
    op: Op,
    value: f64,
    text: String,
}

impl FromStr for Filter {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let text = s.trim().to_string();
        let at = text.find(['<', '>', '=', '!']).ok_or_else(|| {
            format!("'{s}' is not a condition (expected KEY OP VALUE, such as solution>=200)")
        })?;
        let (name, rest) = text.split_at(at);
        let (op, value) = [
            ("<=", Op::Le),
            (">=", Op::Ge),
            ("==", Op::Eq),
            ("!=", Op::Ne),
            ("<", Op::Lt),
            (">", Op::Gt),
            ("=", Op::Eq),
        ]
        .iter()
        .find_map(|(sym, op)| rest.strip_prefix(sym).map(|v| (*op, v.trim())))
        .ok_or_else(|| format!("'{s}': unknown comparison (expected <, <=, >, >=, = or !=)"))?;
        let name = name.trim();
        let key = known_key(name).ok_or_else(|| {
            format!(
                "unknown statistic '{name}' in '{s}' (expected solution, dead_ends, diameter, river, difficulty, hardness, ...; see `maze stats --help`)"
            )
        })?;
        let bad = || format!("'{s}': '{value}' is not a number");
        let (key, number) = if key == "hardness" {
            let band: Hardness = value.parse().map_err(|e: maze_core::Error| format!("'{s}': {e}"))?;
            (key, band as u8 as f64)
        } else if matches!(key, "perfect" | "diameter_exact") {
            match value.to_ascii_lowercase().as_str() {
                "true" | "yes" | "1" => (key, 1.0),
                "false" | "no" | "0" => (key, 0.0),
                _ => return Err(format!("'{s}': {key} is true or false")),
            }
        } else if let Some(percent) = value.strip_suffix('%') {
            let p: f64 = percent.trim().parse().map_err(|_| bad())?;
            let share = if key.ends_with("_share") { Some(key) } else { share_of(key) };
            let share = share
                .ok_or_else(|| format!("'{s}': {key} is not a count of cells, so it has no percentage"))?;
            (share, p / 100.0)
        } else {
            let v: f64 = value.parse().map_err(|_| bad())?;
            match share_of(key) {
                Some(share) if value.contains('.') && v.abs() < 1.0 => (share, v),
                _ => (key, v),
            }
        };
        if !number.is_finite() {
            return Err(bad());
        }
        Ok(Filter { key, op, value: number, text })
    }
}

impl fmt::Display for Filter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl Filter {
    /// Why the condition can never hold on a maze of `cells` cells (every figure is 0 or
    /// more, shares and straightness at most 1, counts of cells at most `cells`), or `None`
    /// when it can.
    pub fn impossible(&self, cells: u64) -> Option<String> {
        const CELL_COUNTS: [&str; 7] =
            ["cells", "solution_length", "dead_ends", "corridor_cells", "junctions", "isolated", "diameter"];
        if self.key == "hardness" {
            return None;
        }
        let high = if self.key.ends_with("_share")
            || matches!(self.key, "straightness" | "perfect" | "diameter_exact")
        {
            1.0
        } else if CELL_COUNTS.contains(&self.key) || self.key.starts_with("junctions_") {
            cells as f64
        } else {
            f64::INFINITY
        };
        let v = self.value;
        let never = match self.op {
            Op::Lt => v <= 0.0,
            Op::Le => v < 0.0,
            Op::Gt => v >= high,
            Op::Ge => v > high,
            Op::Eq => v < 0.0 || v > high,
            Op::Ne => false,
        };
        never.then(|| {
            let range = if high.is_finite() { format!("from 0 to {high}") } else { "0 or more".to_string() };
            format!("'{}' can never hold: {} is {range} here", self.text, self.key)
        })
    }

    /// The condition on `--hardness BAND`: the difficulty score in the band's range.
    pub fn hardness(band: Hardness) -> Filter {
        Filter { key: "hardness", op: Op::Eq, value: band as u8 as f64, text: format!("hardness={band}") }
    }

    /// Whether the maze's figures meet the condition.
    pub fn holds(&self, stats: &Stats) -> bool {
        if self.key == "hardness" {
            return self.op.holds(stats.band() as u8 as f64, self.value);
        }
        let found = stats.values().into_iter().find(|(k, _)| *k == self.key).map(|(_, v)| v);
        let number = match found {
            Some(Value::Int(n)) => n as f64,
            Some(Value::Float(x)) => x,
            Some(Value::Bool(b)) => f64::from(u8::from(b)),
            // A junction degree the shape cannot have: none of them.
            None if self.key.starts_with("junctions_") => 0.0,
            _ => return false,
        };
        self.op.holds(number, self.value)
    }
}

/// Prints one maze's figures: a table (with a `seed` row first when known) or a JSON object
/// (with a `seed` key).
pub fn format_stats(stats: &Stats, seed: Option<u64>, format: StatsFormat) -> String {
    match format {
        StatsFormat::Json => {
            let body = stats.to_json();
            match seed {
                Some(seed) => format!("{{\"seed\": {seed}, {}\n", &body[1..]),
                None => format!("{body}\n"),
            }
        }
        StatsFormat::Text => {
            let fields = stats.fields();
            let width = fields.iter().map(|(k, _)| k.len()).max().unwrap_or(0).max(4);
            let mut out = String::new();
            if let Some(seed) = seed {
                out.push_str(&format!("{:<width$}  {seed}\n", "seed"));
            }
            for (key, value) in fields {
                out.push_str(&format!("{key:<width$}  {value}\n"));
            }
            out
        }
    }
}

/// The filters of `generate`: every `--where` and `--hardness`.
pub fn filters(wheres: &[Filter], hardness: Option<Hardness>) -> Vec<Filter> {
    wheres.iter().cloned().chain(hardness.map(Filter::hardness)).collect()
}

/// The error when too few mazes passed the filters within the allowed tries.
pub fn not_enough(kept: u32, wanted: u32, tried: u64, first: u64, filters: &[Filter]) -> Error {
    let list: Vec<String> = filters.iter().map(|f| f.to_string()).collect();
    Error::Request(format!(
        "only {kept} of {wanted} mazes met {} after {tried} tries (seeds {first} to {}); loosen the condition or raise --max-tries",
        list.join(" and "),
        first.wrapping_add(tried.saturating_sub(1))
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conditions_parse_with_shares_percentages_and_bands() {
        let f: Filter = "solution>=200".parse().unwrap();
        assert_eq!((f.key, f.op, f.value), ("solution_length", Op::Ge, 200.0));
        let f: Filter = " dead_ends < 0.25 ".parse().unwrap();
        assert_eq!((f.key, f.op, f.value), ("dead_end_share", Op::Lt, 0.25));
        let f: Filter = "dead_ends<25%".parse().unwrap();
        assert_eq!((f.key, f.value), ("dead_end_share", 0.25));
        let f: Filter = "dead_ends<30".parse().unwrap();
        assert_eq!((f.key, f.value), ("dead_ends", 30.0));
        let f: Filter = "hardness>=hard".parse().unwrap();
        assert_eq!((f.key, f.op, f.value), ("hardness", Op::Ge, 2.0));
        let f: Filter = "perfect=true".parse().unwrap();
        assert_eq!((f.key, f.value), ("perfect", 1.0));
        let f: Filter = "river==2".parse().unwrap();
        assert_eq!(f.op, Op::Eq);
        for bad in ["solution", "size>3", "river>x", "hardness=tough", "river<5%", "river>inf", "=3"] {
            assert!(bad.parse::<Filter>().is_err(), "{bad} accepted");
        }
        assert!("colour>1".parse::<Filter>().unwrap_err().contains("unknown statistic 'colour'"));
    }

    #[test]
    fn stats_formats_parse() {
        assert_eq!("JSON".parse::<StatsFormat>(), Ok(StatsFormat::Json));
        assert_eq!("text".parse::<StatsFormat>(), Ok(StatsFormat::Text));
        assert!("xml".parse::<StatsFormat>().is_err());
    }
}
