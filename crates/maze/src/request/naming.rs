//! How an error's message names the request's fields (as `--name`): the front ends find
//! them there and word the error with their own names.

use super::FIELDS;

impl crate::error::Error {
    /// The request fields the message names (each `--name` in it that is a field of
    /// [`crate::MazeRequest`]), in order, without repeats.
    pub fn fields(&self) -> Vec<&'static str> {
        let text = self.to_string();
        let mut found = Vec::new();
        for (at, _) in text.match_indices("--") {
            let rest = &text[at + 2..];
            let end = rest.find(|c: char| !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'));
            let name = &rest[..end.unwrap_or(rest.len())];
            if let Some(field) = FIELDS.iter().find(|f| **f == name)
                && !found.contains(field)
            {
                found.push(*field);
            }
        }
        found
    }

    /// The whole message (contexts first, joined by `: `), with every field name the
    /// message gives as `--name` replaced by `name_of(name)`: how a front end whose
    /// fields are called otherwise words the error.
    pub fn worded(&self, name_of: impl Fn(&str) -> String) -> String {
        let text = self.to_string();
        let mut out = String::with_capacity(text.len());
        let mut rest = text.as_str();
        while let Some(at) = rest.find("--") {
            out.push_str(&rest[..at]);
            let after = &rest[at + 2..];
            let end = after
                .find(|c: char| !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'))
                .unwrap_or(after.len());
            let name = &after[..end];
            if FIELDS.contains(&name) {
                out.push_str(&name_of(name));
            } else {
                out.push_str(&rest[at..at + 2 + end]);
            }
            rest = &after[end..];
        }
        out.push_str(rest);
        out
    }
}
