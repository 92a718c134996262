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

/// What is known of every maze a request makes before any is made, from its shape and
/// options alone: the facts that bound each statistic ([`Filter::impossible`]). Each field
/// is a fact, never a guess: when unsure, leave it at what [`Facts::cells`] gives.
#[derive(Clone, Debug, PartialEq)]
pub struct Facts {
    /// The shape's cells, or with `exact_cells` false the most a maze can have (a woven
    /// maze's crossings, drawn with the maze, each add a cell).
    pub cells: u64,
    /// Every maze has exactly `cells` cells.
    pub exact_cells: bool,
    /// The most doors a cell of the shape has: no cell has more open passages.
    pub doors: u32,
    /// The entrance and the exit, by name, with the steps between them with every inner
    /// wall open, when both are fixed before the maze is made (the shape's defaults, a side
    /// or a cell; not random, farthest, MultiMaze dots or a labyrinth's ends).
    pub ends: Option<FixedEnds>,
    /// Every maze made is perfect (a spanning tree: no braid).
    pub perfect: bool,
    /// Every maze made is connected, with its entrance and exit on two cells (every
    /// generated maze of two cells or more).
    pub connected: bool,
}

/// The fixed entrance and exit of [`Facts::ends`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FixedEnds {
    /// The entrance cell's name (`(0,0)`).
    pub entrance: String,
    /// The exit cell's name.
    pub exit: String,
    /// Steps from one to the other with every inner wall open: no route is shorter.
    pub direct: u64,
}

impl FixedEnds {
    /// The fact, in words.
    fn why(&self) -> String {
        format!(
            "the entrance {} and the exit {} are {} steps apart with every wall open",
            self.entrance, self.exit, self.direct
        )
    }
}

impl Facts {
    /// Only the cell count known: every figure is 0 or more, shares at most 1, counts of
    /// cells at most `cells`.
    pub fn cells(cells: u64) -> Facts {
        Facts { cells, exact_cells: false, doors: u32::MAX, ends: None, perfect: false, connected: false }
    }
}

/// The values a figure can take on every maze of given [`Facts`]: from `low` to `high`,
/// each with the fact it comes from.
struct Range {
    low: f64,
    low_why: String,
    high: f64,
    high_why: String,
}

impl Range {
    /// From 0 up, without a ceiling.
    fn any() -> Range {
        Range { low: 0.0, low_why: String::new(), high: f64::INFINITY, high_why: String::new() }
    }

    /// One value only, and why.
    fn exactly(value: f64, why: impl Into<String>) -> Range {
        let why = why.into();
        Range { low: value, low_why: why.clone(), high: value, high_why: why }
    }

    /// A higher floor, and why.
    fn at_least(mut self, low: f64, why: impl Into<String>) -> Range {
        if low > self.low {
            self.low = low;
            self.low_why = why.into();
        }
        self
    }

    /// A lower ceiling, and why.
    fn at_most(mut self, high: f64, why: impl Into<String>) -> Range {
        if high < self.high {
            self.high = high;
            self.high_why = why.into();
        }
        self
    }
}

/// `n` as a figure is printed: integers without a fraction, others to 4 decimals.
fn figure(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e15 {
        format!("{n:.0}")
    } else {
        let text = format!("{n:.4}");
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

impl Filter {
    /// The values the condition's figure can take on every maze of `facts`, each bound with
    /// the fact it comes from (see [`Stats`] for what each figure is).
    fn range(&self, facts: &Facts) -> Range {
        let n = facts.cells;
        let cells = n as f64;
        // The most steps of a route: it visits each cell at most once.
        let most = n.saturating_sub(1) as f64;
        let route_why = format!("a route visits each of the {n} cells at most once");
        let cells_why = format!("the maze has {n} cells");
        let several = n > 1;
        let connected = facts.connected && several;
        let perfect = facts.perfect && several;
        let perfect_why = "every maze made here is perfect: a spanning tree, without --braid";
        let two_why = "the entrance and the exit are two cells";
        let share_why = "it is a share";
        // The fewest steps of a route from the entrance to the exit (and a maze without one
        // fails every condition on it).
        let shortest = |r: Range| match &facts.ends {
            Some(e) => r.at_least(e.direct as f64, e.why()),
            None if connected => r.at_least(1.0, two_why),
            None => r,
        };
        let two_dead_ends = "a perfect maze of 2 cells or more has 2 dead ends or more";
        let key = self.key;
        match key {
            "hardness" => Range::any().at_most(Hardness::ALL.len() as f64 - 1.0, ""),
            "cells" if facts.exact_cells => Range::exactly(cells, cells_why),
            "cells" => Range::any().at_most(cells, format!("a maze here has at most {n} cells")),
            "perfect" | "diameter_exact" if facts.perfect => Range::exactly(1.0, perfect_why),
            "perfect" | "diameter_exact" | "straightness" => Range::any().at_most(1.0, share_why),
            "dead_end_share" if perfect => {
                Range::any().at_most(1.0, share_why).at_least(2.0 / cells, two_dead_ends)
            }
            "dead_end_share" => Range::any().at_most(1.0, share_why),
            "solution_share" if connected => {
                // (steps + 1) / cells: every maze has a route.
                let steps = shortest(Range::any());
                Range::any().at_most(1.0, share_why).at_least((steps.low + 1.0) / cells, steps.low_why)
            }
            "solution_share" => Range::any().at_most(1.0, share_why),
            "difficulty" => Range::any().at_most(100.0, "the score is from 0 to 100"),
            "passages" => {
                let r = if connected && facts.exact_cells {
                    Range::any()
                        .at_least(most, format!("a maze joining its {n} cells has {most} passages or more"))
                } else {
                    Range::any()
                };
                if perfect {
                    r.at_most(most, format!("{perfect_why}: a passage fewer than its cells"))
                } else if facts.doors != u32::MAX {
                    let high = (cells * f64::from(facts.doors) / 2.0).floor();
                    r.at_most(high, format!("a cell has at most {} doors", facts.doors))
                } else {
                    r
                }
            }
            "dead_ends" if perfect => Range::any().at_most(cells, cells_why).at_least(2.0, two_dead_ends),
            "isolated" if connected => Range::exactly(0.0, "every maze made here joins all its cells"),
            "solution_length" => shortest(Range::any().at_most(most, route_why)),
            // The longest route is at least the entrance-to-exit one, which every maze has.
            "diameter" if connected => shortest(Range::any().at_most(most, route_why)),
            "diameter" | "decisions" | "turns" => Range::any().at_most(most, route_why),
            "direct_distance" => match &facts.ends {
                Some(e) => Range::exactly(e.direct as f64, e.why()),
                None if connected => Range::any().at_most(most, route_why).at_least(1.0, two_why),
                None => Range::any().at_most(most, route_why),
            },
            "winding" => {
                // Steps of the route over the direct distance: 1 or more with a route, 0
                // without one.
                let r = match &facts.ends {
                    Some(e) if e.direct > 0 => {
                        Range::any().at_most(most / e.direct as f64, format!("{}, and {route_why}", e.why()))
                    }
                    _ => Range::any().at_most(most, route_why),
                };
                if connected {
                    r.at_least(1.0, "every maze made here has a route, never shorter than the direct way")
                } else {
                    r
                }
            }
            _ if key.starts_with("junctions_") => {
                let degree = key.strip_prefix("junctions_").and_then(|d| d.parse::<u32>().ok());
                match degree {
                    // junctions_16 counts every degree from 16 up.
                    Some(d) if d > facts.doors && d < 16 => {
                        Range::exactly(0.0, format!("a cell of this shape has at most {} doors", facts.doors))
                    }
                    _ => Range::any().at_most(cells, cells_why),
                }
            }
            "dead_ends" | "corridor_cells" | "junctions" | "isolated" | "corridors" => {
                Range::any().at_most(cells, cells_why)
            }
            _ => Range::any(),
        }
    }

    /// Why the condition can never hold on any maze of `facts` (every figure is 0 or more,
    /// shares at most 1, counts of cells at most the cells, a route at least as long as the
    /// direct way between fixed ends and at most a step less than the cells, and so on; see
    /// [`Facts`]), or `None` when it can.
    pub fn impossible(&self, facts: &Facts) -> Option<String> {
        let range = self.range(facts);
        let (v, low, high) = (self.value, range.low, range.high);
        let tolerance = 1e-9 * v.abs().max(1.0);
        // Which end of the range rules the condition out.
        let (below, above) = match self.op {
            Op::Lt => (v <= low, false),
            Op::Le => (v < low - tolerance, false),
            Op::Gt => (false, v >= high),
            Op::Ge => (false, v > high + tolerance),
            Op::Eq => (v < low - tolerance, v > high + tolerance),
            // Ruled out by both ends at once: the figure has one value.
            Op::Ne => {
                let only = low == high && (v - low).abs() <= tolerance;
                (only, only)
            }
        };
        if !(below || above) {
            return None;
        }
        let key = self.key;
        let figure = |x: f64| match key {
            "perfect" | "diameter_exact" => (if x >= 1.0 { "true" } else { "false" }).to_string(),
            _ => figure(x),
        };
        let what = if key == "hardness" {
            let band = |b: f64| Hardness::ALL.get(b as usize).map_or("?", |h| h.name());
            format!("the bands go from {} to {}", band(low), band(high))
        } else if low == high {
            format!("{key} is always {}", figure(low))
        } else if below {
            format!("{key} is at least {}", figure(low))
        } else if high.is_finite() {
            format!("{key} is at most {}", figure(high))
        } else {
            format!("{key} is 0 or more")
        };
        let mut whys = Vec::new();
        for (rules, why) in [(below, &range.low_why), (above, &range.high_why)] {
            if rules && !why.is_empty() && !whys.contains(&why) {
                whys.push(why);
            }
        }
        let why = if whys.is_empty() {
            String::new()
        } else {
            format!(" ({})", whys.iter().map(|w| w.as_str()).collect::<Vec<_>>().join("; "))
        };
        Some(format!("'{}' can never hold: {what} here{why}", self.text))
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
        self.holds_found(found)
    }

    /// Whether the figure the condition names, `found` (`None`: the maze has no such
    /// figure), meets it.
    fn holds_found(&self, found: Option<Value>) -> bool {
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

/// The error when too few mazes passed the filters (and the endpoint rules, with
/// `end_rules`) within the allowed tries: `kept` of `wanted` after `tried`, maze `i` of
/// the batch of `count` from seed `first` having tried seeds `first + i`, `first + i +
/// count`, ...
pub fn not_enough(
    kept: u64,
    wanted: u64,
    tried: u64,
    (first, count): (u64, u64),
    filters: &[Filter],
    end_rules: bool,
) -> Error {
    let mut list: Vec<String> = filters.iter().map(|f| f.to_string()).collect();
    if end_rules {
        list.push("the endpoint rules".into());
    }
    Error::Request(format!(
        "only {kept} of {wanted} mazes met {} after {tried} tries (maze i tries seeds {first}+i, {first}+i+{count}, ...); loosen the condition or raise --max-tries",
        list.join(" and "),
    ))
}

/// Whether `maze` meets every filter, and its statistics when they were computed: with
/// `want_stats`, or for a condition on a figure that is only known from the whole of
/// [`Stats`]. Other conditions compute only the figure they name
/// ([`maze_core::stats::quick_figure`]: a count by degree is one pass over the cells, the
/// solution's length one breadth-first search that stops at the entrance), with the
/// value [`Stats`] would give, so the same mazes pass.
pub fn check<S: maze_core::Shape>(
    maze: &maze_core::Maze<S>,
    filters: &[Filter],
    want_stats: bool,
) -> (bool, Option<Stats>) {
    // Without filters (and statistics), nothing is computed.
    let quick = !want_stats && filters.iter().all(|f| f.key != "hardness" && maze_core::stats::quick(f.key));
    if quick {
        let pass = filters.iter().all(|f| f.holds_found(maze_core::stats::quick_figure(maze, f.key)));
        return (pass, None);
    }
    let stats = maze_core::stats::stats(maze);
    (filters.iter().all(|f| f.holds(&stats)), Some(stats))
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

    /// The facts of a 20 x 10 square maze made by a generator with its default ends.
    fn grid() -> Facts {
        Facts {
            cells: 200,
            exact_cells: true,
            doors: 4,
            ends: Some(FixedEnds { entrance: "(0,0)".into(), exit: "(19,9)".into(), direct: 28 }),
            perfect: true,
            connected: true,
        }
    }

    fn never(condition: &str, facts: &Facts) -> Option<String> {
        condition.parse::<Filter>().expect("a condition").impossible(facts)
    }

    #[test]
    fn conditions_the_shape_rules_out_are_found_with_the_fact() {
        let facts = grid();
        for (condition, says) in [
            (
                "solution<2",
                "solution_length is at least 28 here (the entrance (0,0) and the exit (19,9) are 28 steps apart",
            ),
            ("solution<=27", "at least 28"),
            ("solution>199", "at most 199 here (a route visits each of the 200 cells at most once)"),
            ("solution=200", "at most 199"),
            ("diameter<1", "diameter is at least 28"),
            ("winding>1e308", "winding is at most 7.1071"),
            ("winding<1", "winding is at least 1"),
            ("hardness<easy", "the bands go from easy to extreme"),
            ("hardness>extreme", "the bands go from easy to extreme"),
            ("perfect<true", "perfect is always true here (every maze made here is perfect"),
            ("perfect=false", "always true"),
            ("diameter_exact!=true", "always true"),
            ("difficulty>100", "at most 100"),
            ("cells!=200", "cells is always 200"),
            ("cells>200", "always 200"),
            ("direct_distance=5", "direct_distance is always 28"),
            ("junctions_5>0", "at most 4 doors"),
            ("isolated>0", "always 0"),
            ("passages>199", "a passage fewer than its cells"),
            ("dead_ends<2", "2 dead ends or more"),
            ("solution_share<0.1", "solution_share is at least 0.145"),
            ("solution<0", "at least 28"),
            ("dead_ends<-5%", "at least 0.01"),
        ] {
            let why = never(condition, &facts).unwrap_or_else(|| panic!("{condition} let through"));
            assert!(why.contains(says), "{condition}: {why}");
            assert!(why.starts_with(&format!("'{condition}' can never hold: ")), "{why}");
        }
        // The edges themselves can hold: a route of every cell, the direct way itself.
        for condition in [
            "solution<=28",
            "solution=28",
            "solution>=199",
            "diameter>=199",
            "winding>=7.1",
            "winding<=1",
            "hardness<=easy",
            "hardness>=extreme",
            "perfect=true",
            "cells=200",
            "junctions_4>0",
            "dead_ends<=2",
            "difficulty<=100",
            "river>1000",
        ] {
            assert_eq!(never(condition, &facts), None, "{condition} refused");
        }
    }

    #[test]
    fn unknown_ends_and_loops_leave_only_what_any_maze_has() {
        // Braided, ends drawn with the maze: a route of one step, no dead end, loops.
        let facts = Facts { ends: None, perfect: false, ..grid() };
        for condition in
            ["solution<=1", "diameter<=1", "perfect=false", "dead_ends=0", "passages>199", "winding<=1"]
        {
            assert_eq!(never(condition, &facts), None, "{condition} refused");
        }
        for condition in ["solution<1", "diameter<1", "passages<199", "winding<1", "winding>199"] {
            assert!(never(condition, &facts).is_some(), "{condition} let through");
        }
        // Only the cells known (and a maze of one cell): nothing but the plain ranges.
        for cells in [1, 200] {
            let facts = Facts::cells(cells);
            for condition in ["solution<1", "winding<1", "perfect=false", "isolated>0", "junctions_9>0"] {
                assert_eq!(never(condition, &facts), None, "{condition} refused on {cells} cells");
            }
        }
        assert!(never("solution>=200", &Facts::cells(200)).is_some());
        assert!(never("solution<0", &Facts::cells(1)).is_some());
    }

    #[test]
    fn stats_formats_parse() {
        assert_eq!("JSON".parse::<StatsFormat>(), Ok(StatsFormat::Json));
        assert_eq!("text".parse::<StatsFormat>(), Ok(StatsFormat::Text));
        assert!("xml".parse::<StatsFormat>().is_err());
    }
}
