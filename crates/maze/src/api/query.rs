//! How the API reads a request: the query's pairs (names normalised, unknown ones
//! refused) and a `POST` body's JSON object, into the request's fields.

use super::{ApiError, ApiResult};
use crate::request::{FieldGroup, MazeRequest};

/// Normalises a parameter name: `cell_size` and `Cell-Size` are `cell-size`.
pub(super) fn key(k: &str) -> String {
    k.trim().to_ascii_lowercase().replace('_', "-")
}

pub(super) fn truthy(k: &str, v: &str) -> ApiResult<bool> {
    crate::text::switch_word(v).ok_or_else(|| {
        ApiError::bad(format!(
            "{}={}: expected 1 or 0 (true or false)",
            crate::error::echo(k),
            crate::error::echo(v)
        ))
    })
}

/// An API-only switch such as `events=1`.
pub(super) fn switch(params: &[(String, String)], name: &str) -> ApiResult<bool> {
    let mut on = false;
    for (k, v) in params {
        if key(k) == name {
            on = truthy(k, v)?;
        }
    }
    Ok(on)
}

/// Which parameters a request accepts.
pub(super) struct Accepts<'a> {
    /// Groups of the request's fields ([`MazeRequest`]) taken as `key=value`.
    pub(super) groups: &'a [&'a [FieldGroup]],
    /// Single fields taken besides.
    pub(super) keys: &'a [&'a str],
    /// Read by the API itself.
    pub(super) own: &'a [&'a str],
}

/// The query's pairs of request fields, names normalised (`cell_size` is `cell-size`);
/// an unknown name is refused, the API's own ones left out.
pub(super) fn fields(params: &[(String, String)], accepts: &Accepts<'_>) -> ApiResult<Vec<(String, String)>> {
    let mut out = Vec::with_capacity(params.len());
    for (k, v) in params {
        let name = key(k);
        if accepts.own.contains(&name.as_str()) {
            continue;
        }
        let in_group =
            crate::request::group(&name).is_some_and(|g| accepts.groups.iter().any(|gs| gs.contains(&g)));
        if !in_group && !accepts.keys.contains(&name.as_str()) {
            return Err(ApiError::bad(format!("unknown parameter '{k}' (see docs/API.md)")));
        }
        out.push((name, v.clone()));
    }
    Ok(out)
}

/// The query as a [`MazeRequest`] (read by the request's own serde definition, as a JSON
/// body is), its errors in the API's words.
pub(super) fn request_of(params: &[(String, String)], accepts: &Accepts<'_>) -> ApiResult<MazeRequest> {
    Ok(MazeRequest::from_pairs(fields(params, accepts)?)?)
}

/// A value the API reads itself (a solver, an end), parsed by its type's own `FromStr`.
pub(super) fn parsed<T>(params: &[(String, String)], name: &str) -> ApiResult<Option<T>>
where
    T: std::str::FromStr,
    T::Err: std::fmt::Display,
{
    let mut value = None;
    for (k, v) in params {
        if key(k) == name && !v.trim().is_empty() {
            let v = v.trim();
            value =
                Some(v.parse().map_err(|e| ApiError::bad(format!("invalid value '{v}' for '{name}': {e}")))?);
        }
    }
    Ok(value)
}

/// A query string's pairs (`a=1&b=x%20y`), decoded as a form is (`+` is a space).
pub fn query_pairs(query: &str) -> Vec<(String, String)> {
    form_urlencoded::parse(query.trim_start_matches('?').as_bytes()).into_owned().collect()
}

/// The fields of a JSON object sent as a body, each value as the text a query gives, so
/// both are read and checked alike, and as strictly: a field given twice is refused (as a
/// query's parameter is), so are the query's own switches (`events`, `geometry`,
/// `packed`: they go in the query) and `format` (the answer is JSON); `true`/`false` is
/// taken by a switch only, a list by a field that may be given more than once (`where`).
pub(super) fn body_fields(body: &str) -> ApiResult<Vec<(String, String)>> {
    let Entries(entries) = serde_json::from_str(body)
        .map_err(|e| ApiError::bad(format!("the body is not a JSON object of request fields: {e}")))?;
    let mut seen: Vec<String> = Vec::new();
    let mut fields = Vec::new();
    for (k, v) in entries {
        let name = key(&k);
        if seen.contains(&name) {
            return Err(ApiError::bad(format!("'{k}' is given more than once in the body")));
        }
        seen.push(name.clone());
        if ["events", "geometry", "packed"].contains(&name.as_str()) {
            return Err(ApiError::bad(format!(
                "'{k}' goes in the query (POST /api/generate?{name}=1), not in the body"
            )));
        }
        if name == "format" {
            return Err(ApiError::bad(
                "'format' in the body: /api/generate answers JSON (use /api/render for a file in another format)",
            ));
        }
        let switch = MazeRequest::is_switch(&name) || name == "solve";
        let text = |v: &serde_json::Value| match v {
            serde_json::Value::String(s) => Ok(s.clone()),
            serde_json::Value::Number(n) => Ok(n.to_string()),
            serde_json::Value::Bool(b) if switch => Ok(if *b { "1" } else { "0" }.to_string()),
            serde_json::Value::Bool(b) => Err(ApiError::bad(format!(
                "'{k}': {b} is not a value of this field (only a switch takes true or false)"
            ))),
            _ => Err(ApiError::bad(format!("'{k}': expected a string, a number or true/false"))),
        };
        match &v {
            serde_json::Value::Null => {}
            serde_json::Value::Array(items) if MazeRequest::is_list(&name) => {
                for item in items {
                    fields.push((k.clone(), text(item)?));
                }
            }
            serde_json::Value::Array(_) => {
                return Err(ApiError::bad(format!(
                    "'{k}': a list is not a value of this field (only 'where' takes several)"
                )));
            }
            other => fields.push((k.clone(), text(other)?)),
        }
    }
    Ok(fields)
}

/// A JSON object's entries in order, each one kept (a key given twice too, which a map of
/// values would keep only the last of).
pub(super) struct Entries(Vec<(String, serde_json::Value)>);

impl<'de> serde::Deserialize<'de> for Entries {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = Entries;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a JSON object of request fields (docs/API.md)")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Entries, A::Error> {
                let mut entries = Vec::new();
                while let Some(entry) = map.next_entry::<String, serde_json::Value>()? {
                    entries.push(entry);
                }
                Ok(Entries(entries))
            }
        }
        deserializer.deserialize_map(Visit)
    }
}
