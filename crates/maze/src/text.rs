//! A [`MazeRequest`] read from `name=value` text pairs, as a URL query or a form gives
//! them: [`MazeRequest::from_pairs`].
//!
//! Every value is text and is read as the field's own type asks (a number, a switch, a
//! name), through the request's serde definition, so the pairs accept exactly what a JSON
//! request accepts, in the text form of the command line. Only the spelling of text is
//! settled here; every check of meaning is [`crate::plan::Plan`]'s.

use std::fmt::Display;
use std::sync::LazyLock;

use serde::de::value::SeqDeserializer;
use serde::de::{self, Deserialize, Deserializer, IntoDeserializer, Visitor};

use crate::error::{Error, Result};
use crate::request::{ALIASES, FIELDS, MazeRequest};

/// Words that turn a switch on, and (for `solve`) ask for the default solver. An empty
/// value counts as on: `heat=` is `heat=1`.
const ON: &[&str] = &["", "1", "true", "yes", "on"];
/// Words that turn a switch off.
const OFF: &[&str] = &["0", "false", "no", "off"];

/// The fields whose value is a switch (`true` or `false`), found from the request's own
/// serialised default, so a new switch is known here without a list to keep.
static SWITCHES: LazyLock<Vec<String>> =
    LazyLock::new(|| match serde_json::to_value(MazeRequest::default()) {
        Ok(serde_json::Value::Object(map)) => {
            map.into_iter().filter(|(_, v)| v.is_boolean()).map(|(k, _)| k).collect()
        }
        _ => Vec::new(),
    });

/// Fields that may be given more than once (each adds a value): the lists, found from the
/// request's own serialised default as [`SWITCHES`] are (`where`, `allowed-start`, ...).
static LISTS: LazyLock<Vec<String>> = LazyLock::new(|| match serde_json::to_value(MazeRequest::default()) {
    Ok(serde_json::Value::Object(map)) => {
        map.into_iter().filter(|(_, v)| v.is_array()).map(|(k, _)| k).collect()
    }
    _ => Vec::new(),
});

/// A switch's word as on or off: `1`, `true`, `yes`, `on` or empty are on, `0`, `false`,
/// `no` or `off` off (any case); anything else is `None`.
pub fn switch_word(text: &str) -> Option<bool> {
    let word = text.trim().to_ascii_lowercase();
    if ON.contains(&word.as_str()) {
        Some(true)
    } else if OFF.contains(&word.as_str()) {
        Some(false)
    } else {
        None
    }
}

impl MazeRequest {
    /// Whether the field `name` (kebab-case) is a switch: on with `1`, `true`, `yes`, `on`
    /// or an empty value, off with `0`, `false`, `no` or `off`.
    pub fn is_switch(name: &str) -> bool {
        SWITCHES.iter().any(|s| s == name)
    }

    /// Whether the field `name` (kebab-case) may be given more than once, each time adding
    /// a value (`where`).
    pub fn is_list(name: &str) -> bool {
        LISTS.iter().any(|l| l == name)
    }

    /// A request from `name=value` pairs (a URL query): names are the fields' kebab-case
    /// names ([`FIELDS`]); values are written as on the command line. An empty value
    /// leaves a field at its default, except a switch, which it turns on. `solve` takes a
    /// solver's name, or a switch's word for the default solver (bfs) or none. `where`
    /// may be given more than once; any other field once.
    ///
    /// # Errors
    /// [`Error::Request`] naming the field as `--name`: an unknown field, one given twice,
    /// or a value its type cannot read (`invalid value 'abc' for '--width': ...`).
    pub fn from_pairs<K, V>(pairs: impl IntoIterator<Item = (K, V)>) -> Result<MazeRequest>
    where
        K: AsRef<str>,
        V: AsRef<str>,
    {
        let mut fields: Vec<(&'static str, Vec<String>)> = Vec::new();
        for (name, value) in pairs {
            let (name, value) = (name.as_ref(), value.as_ref().trim());
            let name = ALIASES.iter().find(|(alias, _)| *alias == name).map_or(name, |(_, field)| field);
            let Some(&field) = FIELDS.iter().find(|f| **f == name) else {
                return Err(Error::Request(format!("unknown option '--{name}'")));
            };
            let value = match (field, switch_word(value)) {
                ("solve", Some(false)) => continue,
                ("solve", Some(true)) => "bfs",
                _ => value,
            };
            if value.is_empty() && !Self::is_switch(field) {
                continue;
            }
            match fields.iter_mut().find(|(f, _)| *f == field) {
                Some((_, values)) if LISTS.iter().any(|l| l == field) => values.push(value.to_string()),
                Some(_) => {
                    return Err(Error::Request(format!("'--{field}' is given more than once")));
                }
                None => fields.push((field, vec![value.to_string()])),
            }
        }
        let fields = Fields { fields: &fields, at: 0 };
        MazeRequest::deserialize(fields).map_err(|e| Error::Request(e.0))
    }
}

/// The fields read so far, as a map for serde.
struct Fields<'a> {
    fields: &'a [(&'static str, Vec<String>)],
    /// The next field to read.
    at: usize,
}

impl<'de> de::MapAccess<'de> for Fields<'_> {
    type Error = TextError;

    fn next_key_seed<K: de::DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> std::result::Result<Option<K::Value>, TextError> {
        match self.fields.get(self.at) {
            Some((field, _)) => seed.deserialize(field.into_deserializer()).map(Some),
            None => Ok(None),
        }
    }

    /// The value, read as its field's type asks; an error names the field and value.
    fn next_value_seed<V: de::DeserializeSeed<'de>>(
        &mut self,
        seed: V,
    ) -> std::result::Result<V::Value, TextError> {
        let (field, values) = &self.fields[self.at];
        self.at += 1;
        let values = Values { field, values };
        seed.deserialize(values).map_err(|e| values.invalid(e))
    }
}

impl<'de> Deserializer<'de> for Fields<'_> {
    type Error = TextError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> std::result::Result<V::Value, TextError> {
        visitor.visit_map(self)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map struct enum identifier
        ignored_any
    }
}

/// A deserialisation error: the one-line message.
#[derive(Debug)]
struct TextError(String);

impl Display for TextError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TextError {}

impl de::Error for TextError {
    fn custom<T: Display>(msg: T) -> Self {
        TextError(msg.to_string())
    }
}

/// The text values of one field, read as the field's type asks.
#[derive(Clone, Copy)]
struct Values<'a> {
    field: &'a str,
    values: &'a [String],
}

impl<'de> IntoDeserializer<'de, TextError> for Values<'_> {
    type Deserializer = Self;
    fn into_deserializer(self) -> Self {
        self
    }
}

impl Values<'_> {
    /// The field's one value (the last, should there be several).
    fn text(&self) -> &str {
        self.values.last().map_or("", String::as_str)
    }

    /// `error` as the message naming this field and value.
    fn invalid(&self, error: impl Display) -> TextError {
        let message = error.to_string();
        // Errors of the fields' own parsers already say what was wrong with which value.
        if message.starts_with("invalid value") {
            return TextError(message);
        }
        TextError(format!("invalid value '{}' for '--{}': {message}", self.text(), self.field))
    }

    /// Parses the value as `T`, then hands it to the visitor.
    fn parsed<T, V>(
        &self,
        visit: impl FnOnce(T) -> std::result::Result<V, TextError>,
    ) -> std::result::Result<V, TextError>
    where
        T: std::str::FromStr,
        T::Err: Display,
    {
        visit(self.text().parse::<T>().map_err(|e| TextError(e.to_string()))?)
    }
}

macro_rules! parsed {
    ($($method:ident $ty:ty => $visit:ident,)*) => {
        $(fn $method<V: Visitor<'de>>(self, visitor: V) -> std::result::Result<V::Value, TextError> {
            self.parsed::<$ty, _>(|v| visitor.$visit(v))
        })*
    };
}

impl<'de> Deserializer<'de> for Values<'_> {
    type Error = TextError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> std::result::Result<V::Value, TextError> {
        if self.values.len() > 1 {
            return self.deserialize_seq(visitor);
        }
        visitor.visit_str(self.text())
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> std::result::Result<V::Value, TextError> {
        match switch_word(self.text()) {
            Some(on) => visitor.visit_bool(on),
            None => Err(TextError("expected 1 or 0 (true or false)".into())),
        }
    }

    parsed! {
        deserialize_u8 u8 => visit_u8,
        deserialize_u16 u16 => visit_u16,
        deserialize_u32 u32 => visit_u32,
        deserialize_u64 u64 => visit_u64,
        deserialize_i8 i8 => visit_i8,
        deserialize_i16 i16 => visit_i16,
        deserialize_i32 i32 => visit_i32,
        deserialize_i64 i64 => visit_i64,
        deserialize_f32 f32 => visit_f32,
        deserialize_f64 f64 => visit_f64,
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> std::result::Result<V::Value, TextError> {
        visitor.visit_some(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> std::result::Result<V::Value, TextError> {
        let seq: SeqDeserializer<_, TextError> = SeqDeserializer::new(self.values.iter().map(String::as_str));
        visitor.visit_seq(seq)
    }

    serde::forward_to_deserialize_any! {
        i128 u128 char str string bytes byte_buf unit unit_struct newtype_struct tuple
        tuple_struct map struct enum identifier ignored_any
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(query: &[(&str, &str)]) -> Result<MazeRequest> {
        MazeRequest::from_pairs(query.iter().copied())
    }

    #[test]
    fn text_pairs_read_every_kind_of_field_as_json_does() {
        let r = pairs(&[
            ("shape", "hex"),
            ("width", "12"),
            ("braid", "0.5"),
            ("heat", ""),
            ("no-markers", "yes"),
            ("fit", "off"),
            ("cell-size", "6mm"),
            ("where", "solution>=2"),
            ("where", "dead-ends<=90%"),
            ("exit", "farthest"),
            ("solve", "1"),
            ("height", ""),
            ("rings", "4"),
        ])
        .expect("reads");
        let json: MazeRequest = serde_json::from_str(
            r#"{"shape":"hex","width":12,"braid":0.5,"heat":true,"no-markers":true,"fit":false,
                "cell-size":"6mm","rings":4,"where":["solution>=2","dead-ends<=90%"],"exit":"farthest","solve":"bfs"}"#,
        )
        .expect("json");
        assert_eq!(r, json);
        assert_eq!(pairs(&[("solve", "no")]).expect("off").solve, None);
        assert_eq!(pairs(&[("solve", "a-star")]).expect("named").solve, Some(maze_core::Solver::AStar));
    }

    #[test]
    fn text_pairs_name_the_field_and_value_they_cannot_read() {
        for (query, needle) in [
            (&[("width", "abc")][..], "invalid value 'abc' for '--width': invalid digit"),
            (&[("width", "-3")], "'--width'"),
            (&[("width", "99999999999")], "'--width'"),
            (&[("seed", "x")], "'--seed'"),
            (&[("heat", "maybe")], "invalid value 'maybe' for '--heat': expected 1 or 0"),
            (&[("shape", "blob")], "invalid value 'blob' for '--shape': unknown shape 'blob'"),
            (&[("height", "2"), ("rings", "3")], "'--height' is given more than once"),
            (&[("colour", "blue")], "unknown option '--colour'"),
            (&[("width", "2"), ("width", "3")], "'--width' is given more than once"),
        ] {
            let e = pairs(query).expect_err("refused");
            assert!(e.is_request(), "{query:?}: {e}");
            assert!(e.to_string().contains(needle), "{query:?}: {e} lacks {needle:?}");
        }
    }

    #[test]
    fn the_switches_are_the_boolean_fields() {
        for name in ["heat", "fit", "mask-connect", "animate", "no-visited", "stream", "zones"] {
            assert!(MazeRequest::is_switch(name), "{name}");
        }
        for name in ["width", "solve", "where", "shape", "wall-height"] {
            assert!(!MazeRequest::is_switch(name), "{name}");
        }
    }
}
