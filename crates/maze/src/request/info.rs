//! What front ends show of the request's fields ([`field_info`]), read from its one
//! declaration.

use super::{DECLARED, FIELDS, FieldGroup, GROUPS};

/// What a front end shows of a field of [`MazeRequest`](super::MazeRequest) ([`field_info`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldInfo {
    /// Its name, the command line's long flag without `--`.
    pub name: &'static str,
    /// Its group.
    pub group: FieldGroup,
    /// Its Rust type as declared (`Option<u32>`, `Vec<Filter>`, ...).
    pub rust_type: &'static str,
    /// Its help: the doc of its declaration (the command line's `--help`), its lines joined
    /// by spaces.
    pub help: String,
}

/// Every field of [`MazeRequest`](super::MazeRequest) with its group, type and help, in the order of
/// [`FIELDS`], read from the one declaration of the request (so a front end that writes
/// its own signature or documentation from it cannot drift from the request). Its default
/// is that of [`MazeRequest::default`](super::MazeRequest::default).
pub fn field_info() -> Vec<FieldInfo> {
    FIELDS
        .iter()
        .zip(GROUPS)
        .zip(DECLARED)
        .map(|((&name, &group), &(rust_type, attributes))| FieldInfo {
            name,
            group,
            rust_type,
            help: attributes.iter().filter_map(|a| doc_text(a)).map(str::trim).collect::<Vec<_>>().join(" "),
        })
        .collect()
}

/// The text of a `doc = "..."` attribute as `stringify!` writes it (a doc comment comes out
/// as a raw string, `r"..."` or `r#"..."#`), `None` for any other attribute.
pub(super) fn doc_text(attribute: &str) -> Option<&str> {
    let literal = attribute.strip_prefix("doc")?.trim_start().strip_prefix('=')?.trim();
    let raw = literal.strip_prefix('r')?;
    let hashes = raw.len() - raw.trim_start_matches('#').len();
    raw.get(hashes..raw.len().checked_sub(hashes)?)?.strip_prefix('"')?.strip_suffix('"')
}
