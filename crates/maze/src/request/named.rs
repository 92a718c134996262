//! Serde for values written as on the command line: parsed with `FromStr`, written with
//! `Display`.

use std::fmt::Display;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serializer, de};

/// Writes a value as its name.
pub fn serialize<T: Display, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(value)
}

/// Reads a value from its name (numbers are read as their text, for ids and seeds).
pub fn deserialize<'de, T, D>(d: D) -> Result<T, D::Error>
where
    T: FromStr,
    T::Err: Display,
    D: Deserializer<'de>,
{
    let text = Text::deserialize(d)?.0;
    text.parse().map_err(de::Error::custom)
}

/// A string, or a number or boolean taken as its text.
struct Text(String);

impl<'de> Deserialize<'de> for Text {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl de::Visitor<'_> for V {
            type Value = Text;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a name or a number")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Text, E> {
                Ok(Text(v.to_string()))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Text, E> {
                Ok(Text(v.to_string()))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Text, E> {
                Ok(Text(v.to_string()))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Text, E> {
                Ok(Text(v.to_string()))
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<Text, E> {
                Ok(Text(v.to_string()))
            }
        }
        d.deserialize_any(V)
    }
}

/// An optional value (`null` or absent for none).
pub mod option {
    use super::*;

    /// Writes the value's name, or `null`.
    pub fn serialize<T: Display, S: Serializer>(value: &Option<T>, s: S) -> Result<S::Ok, S::Error> {
        match value {
            Some(v) => s.collect_str(v),
            None => s.serialize_none(),
        }
    }

    /// Reads a name, or `null`.
    pub fn deserialize<'de, T, D>(d: D) -> Result<Option<T>, D::Error>
    where
        T: FromStr,
        T::Err: Display,
        D: Deserializer<'de>,
    {
        match Option::<Text>::deserialize(d)? {
            Some(t) => t.0.parse().map(Some).map_err(de::Error::custom),
            None => Ok(None),
        }
    }
}

/// A list of values (one name alone is a list of one).
pub mod list {
    use super::*;

    /// Writes the names as a list.
    pub fn serialize<T: Display, S: Serializer>(values: &[T], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(values.iter().map(ToString::to_string))
    }

    /// Reads a list of names, or one name (numbers read as their text, for cell ids).
    pub fn deserialize<'de, T, D>(d: D) -> Result<Vec<T>, D::Error>
    where
        T: FromStr,
        T::Err: Display,
        D: Deserializer<'de>,
    {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum OneOrMany {
            One(Text),
            Many(Vec<Text>),
        }
        let names = match OneOrMany::deserialize(d)? {
            OneOrMany::One(s) => vec![s],
            OneOrMany::Many(v) => v,
        };
        names.iter().map(|n| n.0.parse().map_err(de::Error::custom)).collect()
    }
}

/// `--bleed`: a length, or (as the flag alone on the command line gives) `true` for the
/// default bleed ([`maze_render::print::DEFAULT_BLEED`], KDP's 0.125in) and `false` for none,
/// so JSON, the web API and Python can say `bleed: true`.
pub mod bleed {
    use super::*;
    use maze_render::style::Length;

    pub use super::option::serialize;

    /// Reads a length, `true`, `false` or `null`.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Length>, D::Error> {
        match Option::<Text>::deserialize(d)?.map(|t| t.0) {
            None => Ok(None),
            Some(t) if t == "false" => Ok(None),
            Some(t) => {
                let t = if t == "true" { maze_render::print::DEFAULT_BLEED } else { &t };
                t.parse::<Length>().map(Some).map_err(de::Error::custom)
            }
        }
    }
}
