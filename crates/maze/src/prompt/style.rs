//! The text styles of `--prompt-style`, by name.

/// The text styles of `--prompt-style`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PromptStyle {
    /// AlphaMaze's `<|row-col|><|up_left_wall|><|origin|>` tokens.
    Alphamaze,
    /// HRM's Maze-Hard grid over `# SGo`.
    Hrm,
    /// `1` walls and `0` floor with `S` and `G`.
    Grid,
    /// maze-dataset's adjacency list, origin, target and path tokens.
    Aotp,
    /// A short English description.
    Plain,
    /// The `+--+` text picture.
    #[default]
    Ascii,
}

impl PromptStyle {
    /// Every style, in listing order.
    pub const ALL: &'static [PromptStyle] = &[
        PromptStyle::Alphamaze,
        PromptStyle::Hrm,
        PromptStyle::Grid,
        PromptStyle::Aotp,
        PromptStyle::Plain,
        PromptStyle::Ascii,
    ];

    /// The style's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            PromptStyle::Alphamaze => "alphamaze",
            PromptStyle::Hrm => "hrm",
            PromptStyle::Grid => "grid",
            PromptStyle::Aotp => "aotp",
            PromptStyle::Plain => "plain",
            PromptStyle::Ascii => "ascii",
        }
    }

    /// Whether other shapes than plain square grids have this style.
    pub fn any_shape(self) -> bool {
        matches!(self, PromptStyle::Plain | PromptStyle::Ascii)
    }
}

impl std::fmt::Display for PromptStyle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for PromptStyle {
    type Err = maze_core::Error;
    fn from_str(s: &str) -> std::result::Result<Self, Self::Err> {
        let key = s.trim().to_ascii_lowercase();
        PromptStyle::ALL.iter().copied().find(|p| p.name() == key).ok_or_else(|| {
            let names: Vec<_> = PromptStyle::ALL.iter().map(|p| p.name()).collect();
            maze_core::Error::Parameter(format!(
                "unknown prompt style '{}' (expected one of: {})",
                crate::echo(s),
                names.join(", ")
            ))
        })
    }
}
