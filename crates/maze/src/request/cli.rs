//! The command line's parsers for the values clap reads (the `clap` feature): each turns
//! the library's error into clap's message.

/// Parses any of our `FromStr` types.
pub fn parse_with<T: std::str::FromStr<Err = maze_core::Error>>(s: &str) -> Result<T, String> {
    s.parse::<T>().map_err(|e| e.to_string())
}

/// A number, or the message for what is not one.
fn number(s: &str) -> Result<f64, String> {
    s.trim().parse().map_err(|_| format!("'{s}' is not a number"))
}

/// A size in millimetres above 0 and at most 10000 (`base`).
pub fn parse_positive(s: &str) -> Result<f64, String> {
    let v = number(s)?;
    if v.is_finite() && v > 0.0 && v <= 10_000.0 {
        Ok(v)
    } else {
        Err(format!("{} must be above 0 and at most 10000", crate::error::echo_number(s)))
    }
}

/// A wall height: as [`parse_positive`], or 0 (scad's flat drawing).
pub fn parse_height(s: &str) -> Result<f64, String> {
    let v = number(s)?;
    if v.is_finite() && (0.0..=10_000.0).contains(&v) {
        Ok(v)
    } else {
        Err(format!("{} must be from 0 (scad's flat drawing) to 10000", crate::error::echo_number(s)))
    }
}

/// A share of a cell from 0.05 to 1 (`dot-size`).
pub fn parse_share(s: &str) -> Result<f64, String> {
    let v = number(s)?;
    if (0.05..=1.0).contains(&v) {
        Ok(v)
    } else {
        Err(format!("{} is not between 0.05 and 1", crate::error::echo_number(s)))
    }
}

/// A colour, kept as `#rrggbb`.
pub fn parse_colour(s: &str) -> Result<String, String> {
    s.parse::<maze_render::style::Colour>().map(|c| c.hex()).map_err(|e| e.to_string())
}

/// A byte count with an optional suffix: K, M, G or T (powers of 1024), with or without
/// a trailing B or iB.
pub fn parse_bytes(s: &str) -> Result<u64, String> {
    let t = s.trim().to_ascii_uppercase();
    let t = t.strip_suffix("IB").or_else(|| t.strip_suffix('B')).unwrap_or(&t);
    let (digits, shift) = match t.chars().last() {
        Some('K') => (&t[..t.len() - 1], 10),
        Some('M') => (&t[..t.len() - 1], 20),
        Some('G') => (&t[..t.len() - 1], 30),
        Some('T') => (&t[..t.len() - 1], 40),
        _ => (t, 0),
    };
    let n: u64 = digits.trim().parse().map_err(|_| format!("'{s}' is not a size (such as 500M or 2G)"))?;
    n.checked_mul(1 << shift)
        .filter(|&v| v > 0)
        .ok_or_else(|| format!("'{s}' is not a size above 0 that fits in 64 bits"))
}

/// An animation's playing time, 0.1 to 600 seconds.
pub fn parse_duration(s: &str) -> Result<f64, String> {
    let v: f64 = s.trim().parse().map_err(|_| format!("'{s}' is not a number of seconds"))?;
    if (0.1..=600.0).contains(&v) {
        Ok(v)
    } else {
        Err(format!("{} is not between 0.1 and 600 seconds", crate::error::echo_number(s)))
    }
}

/// The share of inner cells offered as crossings (`weave`), from 0 to 1.
pub fn parse_weave(s: &str) -> Result<f64, String> {
    let v = number(s)?;
    if (0.0..=1.0).contains(&v) {
        Ok(v)
    } else {
        Err(format!(
            "{} is not a share of inner cells that may become crossings, from 0 to 1",
            crate::error::echo_number(s)
        ))
    }
}

/// A fraction from 0 to 1 (`braid`).
pub fn parse_fraction(s: &str) -> Result<f64, String> {
    let v = number(s)?;
    if (0.0..=1.0).contains(&v) {
        Ok(v)
    } else {
        Err(format!("{} is not between 0 and 1", crate::error::echo_number(s)))
    }
}
