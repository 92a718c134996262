//! Tests of the request model's field list, its names and its parsing.

#[test]
fn every_field_has_its_declared_help_and_type() {
    let info = super::field_info();
    assert_eq!(info.iter().map(|f| f.name).collect::<Vec<_>>(), super::FIELDS);
    for f in &info {
        assert!(!f.help.is_empty(), "{} has no help", f.name);
        assert!(!f.help.contains('\n') && !f.help.contains("r\""), "{}: {}", f.name, f.help);
        assert_eq!(Some(f.group), super::group(f.name));
    }
    let seed = info.iter().find(|f| f.name == "seed").expect("seed is a field");
    assert_eq!(seed.rust_type, "Option<u64>");
    assert!(seed.help.starts_with("Seed for the random generator; the same seed"), "{}", seed.help);
    assert_eq!(super::doc_text(r##"doc = r#" a "b" c"#"##), Some(r#" a "b" c"#));
    assert_eq!(super::doc_text(r#"serde(with = "named")"#), None);
}

use super::*;

#[test]
fn the_default_round_trips_and_names_every_field() {
    let json = serde_json::to_value(MazeRequest::default()).expect("serialises");
    let keys: Vec<&str> = json.as_object().expect("object").keys().map(String::as_str).collect();
    let mut fields = FIELDS.to_vec();
    fields.sort_unstable();
    let mut keys = keys.clone();
    keys.sort_unstable();
    assert_eq!(keys, fields, "FIELDS lists every field of MazeRequest");
    // In the struct's order too (serde writes fields in order), so each name stands
    // beside its own field and group in the declaration.
    let text = serde_json::to_string(&MazeRequest::default()).expect("serialises");
    let at: Vec<usize> = FIELDS.iter().map(|f| text.find(&format!("\"{f}\":")).expect("named")).collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "FIELDS is in the struct's order");
    assert_eq!(group("rings"), group("height"));
    assert_eq!(group("cell_size"), None, "names are the flags' own");
    let back: MazeRequest = serde_json::from_value(json).expect("reads back");
    assert_eq!(back, MazeRequest::default());
}

fn keys<T: Serialize>(part: &T) -> Vec<String> {
    let json = serde_json::to_value(part).expect("serialises");
    json.as_object().expect("object").keys().cloned().collect()
}

#[test]
fn each_part_holds_its_groups_fields_and_round_trips() {
    let groups = |keys: Vec<String>| -> Vec<FieldGroup> {
        keys.iter().map(|k| group(k).unwrap_or_else(|| panic!("{k} is a field"))).collect()
    };
    // A drawing option that names a file on this machine (`font`) is the command line's
    // own: the web API, which takes the Draw group, does not read it.
    let drawing = groups(keys(&Draw::default()));
    assert!(drawing.iter().all(|&g| matches!(g, FieldGroup::Draw | FieldGroup::CommandLine)));
    let files = drawing.iter().filter(|&&g| g == FieldGroup::CommandLine).count();
    assert!(groups(keys(&Limits::default())).iter().all(|&g| g == FieldGroup::Limit));
    let animation = groups(keys(&AnimationOptions::default()));
    assert!(animation.iter().all(|&g| matches!(g, FieldGroup::Animation | FieldGroup::CommandLine)));
    assert!(groups(keys(&ShapeOptions::default())).iter().all(|&g| g.shapes_the_maze()));
    // Each part holds every field of its groups, so the commands that flatten it offer
    // them all.
    let count = |wanted: &[FieldGroup]| {
        FIELDS.iter().filter(|f| group(f).is_some_and(|g| wanted.contains(&g))).count()
    };
    assert_eq!(
        keys(&Draw::default()).len(),
        count(&[FieldGroup::Draw]) + files,
        "every drawing option is in Draw"
    );
    assert_eq!(keys(&Limits::default()).len(), count(&[FieldGroup::Limit]), "every limit is in Limits");
    let animated = [FieldGroup::Animation, FieldGroup::CommandLine];
    assert_eq!(
        keys(&AnimationOptions::default()).len() + files,
        count(&animated),
        "every animation option is in AnimationOptions"
    );
    let asked =
        MazeRequest { cell_size: "6mm".parse().ok(), max_cells: 9, zones: true, ..MazeRequest::default() };
    let rebuilt = MazeRequest::default()
        .with_draw(&asked.draw())
        .with_limits(&asked.limits())
        .with_animation_options(&asked.animation_options())
        .with_shape_options(&asked.shape_options());
    assert_eq!(rebuilt, asked);
    assert_ne!(rebuilt, MazeRequest::default());
}

#[test]
fn values_are_read_as_on_the_command_line() {
    let r: MazeRequest = serde_json::from_str(
        r#"{"shape": "hex", "width": 8, "solve": "a-star", "entrance": "3,4", "exit": 12,
            "where": "solution>=20", "cell-size": "6mm", "paper": "letter-landscape"}"#,
    )
    .expect("reads");
    assert_eq!(r.shape, ShapeKind::Hex);
    assert_eq!(r.solve, Some(Solver::AStar));
    assert_eq!(r.entrance, Some(EndSpec::Cell(3, 4)));
    assert_eq!(r.exit, Some(EndSpec::Id(12)));
    assert_eq!(r.wheres.len(), 1);
    assert_eq!(r.cell_size.map(|l| l.mm()), Some(6.0));
    let again: MazeRequest =
        serde_json::from_value(serde_json::to_value(&r).expect("writes")).expect("reads back");
    assert_eq!(again, r);
    let bad = serde_json::from_str::<MazeRequest>(r#"{"shape": "hex", "colour": "red"}"#);
    assert!(bad.expect_err("unknown field").to_string().contains("colour"));
    let bad = serde_json::from_str::<MazeRequest>(r#"{"shape": "blob"}"#);
    assert!(bad.expect_err("unknown shape").to_string().contains("blob"));
}

#[test]
fn bleed_true_is_the_flag_alone_and_false_none() {
    let read = |json: &str| serde_json::from_str::<MazeRequest>(json).expect("reads").bleed;
    let default: maze_render::style::Length = maze_render::print::DEFAULT_BLEED.parse().expect("a length");
    assert_eq!(read(r#"{"bleed": true}"#), Some(default));
    assert_eq!(read(r#"{"bleed": "true"}"#), Some(default));
    assert_eq!(read(r#"{"bleed": false}"#), None);
    assert_eq!(read(r#"{"bleed": "3mm"}"#).map(|l| l.mm()), Some(3.0));
    assert!(serde_json::from_str::<MazeRequest>(r#"{"bleed": "wide"}"#).is_err());
}
