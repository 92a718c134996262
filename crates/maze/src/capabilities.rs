//! [`capabilities`]: what each shape and generator supports, found by asking the registry
//! (a shape supports wrapping if the registry lays out a wrapped one, a generator a shape
//! if it says it runs on it), so that front ends (the web page, the terminal game, `maze
//! list`) read one table instead of keeping copies of the rules.

use crate::rules::{makes_labyrinths, supports, text_pictured};
use maze_core::{Algorithm, ShapeKind, ShapeSpec, Solver, WeaveLayout, Wrap};
use maze_render::Format;

/// Whether `algorithm` runs on the shape `spec` lays out (wrapped, levelled, ...).
fn runs_on(algorithm: Algorithm, spec: &ShapeSpec) -> bool {
    check_runs_on(algorithm, spec).is_ok()
}

/// Checks that `algorithm` runs on the shape `spec` lays out, with the core's own error.
pub(crate) fn check_runs_on(algorithm: Algorithm, spec: &ShapeSpec) -> Result<(), maze_core::Error> {
    algorithm.check_supports(&spec.erased())
}

/// A small shape of `kind` with `wrap`, if the registry makes one.
fn wrapped(kind: ShapeKind) -> Option<ShapeSpec> {
    ShapeSpec::plain(kind, 6, 6).with_wrap(Wrap { x: true, y: true }).ok()
}

/// A small shape of `kind` on two levels, if the registry makes one.
fn levelled(kind: ShapeKind) -> Option<ShapeSpec> {
    ShapeSpec::plain(kind, 6, 6).with_levels(2, 1 << 20).ok()
}

/// A small woven shape of `kind`, if the registry makes one.
fn woven(kind: ShapeKind) -> Option<ShapeSpec> {
    let layout = WeaveLayout::share(0.5).ok()?;
    ShapeSpec::plain(kind, 6, 6).with_weave(layout, 1 << 20).ok()
}

/// What a shape can be laid out as beyond a flat maze, asked of the registry: the one rule
/// every front end (`maze list`, the page, the terminal game's menu) reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Topologies {
    /// Borders joined (`--wrap`).
    pub wrap: bool,
    /// Several levels joined by stairs (`--levels`).
    pub levels: bool,
    /// Passages crossing over and under (`--weave`).
    pub weave: bool,
    /// Unicursal labyrinths (`--unicursal`, at even sizes).
    pub unicursal: bool,
}

impl Topologies {
    /// What `kind` supports.
    pub fn of(kind: ShapeKind) -> Self {
        Topologies {
            wrap: wrapped(kind).is_some(),
            levels: levelled(kind).is_some(),
            weave: woven(kind).is_some(),
            unicursal: makes_labyrinths(kind),
        }
    }

    /// The shapes that support what `has` picks, in listing order, as words: "square, hex
    /// and sigma".
    pub fn shapes_with(has: impl Fn(Topologies) -> bool) -> String {
        let names: Vec<&str> =
            ShapeKind::ALL.iter().copied().filter(|&k| has(Topologies::of(k))).map(ShapeKind::name).collect();
        match names.split_last() {
            None => "no".to_string(),
            Some((last, [])) => (*last).to_string(),
            Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        }
    }
}

/// The shapes `algorithm` supports, by name.
pub fn shapes_of(algorithm: Algorithm) -> Vec<&'static str> {
    ShapeKind::ALL.iter().copied().filter(|&k| supports(k, algorithm)).map(ShapeKind::name).collect()
}

/// The names the two size fields take for a shape.
fn size_names(kind: ShapeKind) -> (&'static str, &'static str) {
    match kind {
        ShapeKind::Polar => ("cells in the inner ring", "rings"),
        _ => ("width", "height"),
    }
}

/// Every shape, generator, solver and format, and what each supports, as JSON: what
/// `maze list --json` prints and `maze serve` answers at `/api/list`.
///
/// Shapes: `name`, `about`, `width`/`height` (what the two sizes count), `wrap`, `levels`,
/// `weave`, `mask`, `text` (a text picture), `unicursal` (labyrinths, at even sizes),
/// `generators` (those that run on it), `moves` (a route's moves on it, in door order:
/// [`maze_core::moves`]) and `stair_moves` (the two stairs' moves, up then down, where it
/// has levels; else null).
/// Generators: `name`, `about`, `shapes`, `mask` (follows a mask), `stream` (row by row),
/// `wrap`, `levels` and `weave` (the shapes it runs on wrapped, levelled or woven). Solvers: `name`,
/// `about`, `shortest`. Formats: `name`, `about`, `binary`, `extension`. `instructions`:
/// the words printed with a maze (`maze`) and a MultiMaze (`multimaze`) by default.
pub fn capabilities() -> serde_json::Value {
    let shape = |k: ShapeKind| {
        let (width, height) = size_names(k);
        let has = Topologies::of(k);
        let generators: Vec<&str> =
            Algorithm::ALL.iter().copied().filter(|&a| supports(k, a)).map(Algorithm::name).collect();
        serde_json::json!({
            "name": k.name(),
            "about": k.about(),
            "width": width,
            "height": height,
            "wrap": has.wrap,
            "levels": has.levels,
            "weave": has.weave,
            "mask": true,
            "text": text_pictured(&ShapeSpec::plain(k, 3, 3)),
            "unicursal": has.unicursal,
            "generators": generators,
            "moves": ShapeSpec::plain(k, 3, 3).move_names().names(),
            "stair_moves": has.levels.then(|| {
                let stacked = ShapeSpec { levels: 2, ..ShapeSpec::plain(k, 3, 3) }.move_names();
                stacked.names()[stacked.names().len() - 2..].to_vec()
            }),
        })
    };
    let generator = |a: Algorithm| {
        let on = |make: fn(ShapeKind) -> Option<ShapeSpec>| -> Vec<&'static str> {
            ShapeKind::ALL
                .iter()
                .copied()
                .filter(|&k| make(k).is_some_and(|spec| runs_on(a, &spec)))
                .map(ShapeKind::name)
                .collect()
        };
        serde_json::json!({
            "name": a.name(),
            "about": a.about(),
            "shapes": shapes_of(a),
            "mask": !a.needs_grid(),
            "stream": a.streams(),
            "wrap": on(wrapped),
            "levels": on(levelled),
            "weave": on(woven),
        })
    };
    serde_json::json!({
        "shapes": ShapeKind::ALL.iter().map(|&k| shape(k)).collect::<Vec<_>>(),
        "generators": Algorithm::ALL.iter().map(|&a| generator(a)).collect::<Vec<_>>(),
        "solvers": Solver::ALL.iter().map(|s| serde_json::json!({
            "name": s.name(), "about": s.about(), "shortest": s.shortest()
        })).collect::<Vec<_>>(),
        "formats": Format::ALL.iter().map(|f| serde_json::json!({
            "name": f.name(), "about": f.about(), "binary": f.is_binary(), "extension": f.extension()
        })).collect::<Vec<_>>(),
        "instructions": { "maze": crate::picture::INSTRUCTIONS, "multimaze": crate::picture::MULTI_INSTRUCTIONS },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The words the terminal game's menu shows for a shape without a topology come from
    /// the same rule as the table.
    #[test]
    fn the_shapes_with_a_topology_are_named_from_the_table() {
        let caps = capabilities();
        for key in ["wrap", "levels", "weave", "unicursal"] {
            let listed: Vec<&str> = caps["shapes"]
                .as_array()
                .expect("shapes")
                .iter()
                .filter(|s| s[key] == true)
                .map(|s| s["name"].as_str().expect("name"))
                .collect();
            let words = Topologies::shapes_with(|t| match key {
                "wrap" => t.wrap,
                "levels" => t.levels,
                "weave" => t.weave,
                _ => t.unicursal,
            });
            assert!(!listed.is_empty(), "{key}");
            assert!(listed.iter().all(|name| words.contains(name)), "{key}: {words} lacks one of {listed:?}");
            assert_eq!(
                words.matches(", ").count() + words.matches(" and ").count() + 1,
                listed.len(),
                "{key}: {words}"
            );
        }
        assert_eq!(Topologies::shapes_with(|t| t.wrap), "square, hex and sigma");
        assert_eq!(Topologies::shapes_with(|t| t.weave), "square");
        assert_eq!(Topologies::shapes_with(|_| false), "no");
    }

    #[test]
    fn the_table_agrees_with_what_plans_accept() {
        let caps = capabilities();
        for shape in caps["shapes"].as_array().expect("shapes") {
            let kind: ShapeKind = shape["name"].as_str().expect("name").parse().expect("a shape");
            for (key, words) in [
                ("wrap", vec!["--wrap", "xy"]),
                ("levels", vec!["--levels", "2"]),
                ("unicursal", vec!["--unicursal"]),
            ] {
                let mut w = vec!["-s", kind.name(), "-W", "6", "-H", "6", "-a", "kruskal", "-f", "json"];
                w.extend(words);
                let ok = crate::plan::Plan::new(&crate::testing::request(&w)).is_ok();
                assert_eq!(shape[key].as_bool(), Some(ok), "{kind} {key}");
            }
            let text =
                crate::plan::Plan::new(&crate::testing::request(&["-s", kind.name(), "-f", "text"])).is_ok();
            assert_eq!(shape["text"].as_bool(), Some(text), "{kind} text");
        }
        for g in caps["generators"].as_array().expect("generators") {
            let name = g["name"].as_str().expect("name");
            for shape in ShapeKind::ALL {
                let listed = g["shapes"].as_array().expect("shapes").iter().any(|s| s == shape.name());
                let ok = crate::plan::Plan::new(&crate::testing::request(&[
                    "-s",
                    shape.name(),
                    "-a",
                    name,
                    "-f",
                    "json",
                ]))
                .is_ok();
                assert_eq!(listed, ok, "{name} on {shape}");
            }
        }
    }
}
