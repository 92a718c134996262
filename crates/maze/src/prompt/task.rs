//! The plan's rule for prompts and tasks ([`check`]), writing a maze in the `prompt` and
//! `tasks` formats, and task records ([`task`]).

use super::*;

/// Refuses a prompt or task request (`-f prompt`, `-f tasks`) the shape cannot have: a
/// style other than ascii and plain off plain square grids, tasks off them (their answers
/// are U/D/L/R), a MultiMaze, varied glyphs on another style than ascii.
///
/// # Errors
/// The one-line refusal.
pub fn check(request: &MazeRequest, spec: &ShapeSpec) -> Result<()> {
    let tasks = request.format == Format::Tasks;
    if !tasks && request.format != Format::Prompt {
        return Ok(());
    }
    let style = request.prompt_style.unwrap_or_default();
    if request.prompt_glyphs && style != PromptStyle::Ascii {
        return Err(Error::request(format!(
            "--prompt-glyphs varies the ascii style's characters, not {style}'s (add --prompt-style ascii)"
        )));
    }
    if request.multi() {
        return Err(Error::request(
            "prompts and tasks describe one start and one goal, not a MultiMaze (several --starts or --ends)",
        ));
    }
    if plain_square(spec).is_some() {
        return Ok(());
    }
    if tasks {
        let what = plain_square_miss(spec).unwrap_or_else(|| format!("{} cells", spec.kind.name()));
        return Err(Error::request(format!(
            "tasks are made on plain square grids (answers in U/D/L/R), not {what} \
             (-f prompt --prompt-style ascii or plain describes it)"
        )));
    }
    if !style.any_shape() {
        return Err(Error::request(refusal(style, spec)));
    }
    Ok(())
}

/// The bytes of `-f prompt` (the maze's text, the route marked when solved) or `-f tasks`
/// (its record, [`task`]) for maze `maze` of seed `seed`; `png` draws the picture a record
/// holds when `--task-image` asks.
///
/// # Errors
/// As [`maze_text`], [`task`] and `png`.
pub(crate) fn present<S: Shape>(
    maze: &Maze<S>,
    seed: u64,
    solution: Option<&Solution>,
    format: Format,
    draw: &Draw,
    png: impl FnOnce(&Maze<S>) -> Result<Vec<u8>>,
) -> Result<Vec<u8>> {
    let style = draw.prompt_style.unwrap_or_default();
    let glyphs = (draw.prompt_glyphs && style == PromptStyle::Ascii).then(|| glyphs_of(seed));
    if format == Format::Prompt {
        return Ok(maze_text(maze, style, solution, glyphs)?.into_bytes());
    }
    let image = if draw.task_image { Some(png(maze)?) } else { None };
    let options = TaskOptions { style, glyphs: draw.prompt_glyphs, image: image.as_deref() };
    Ok(task(maze, seed, &options)?.into_bytes())
}

/// The options of a task record beyond the maze.
#[derive(Clone, Copy, Debug, Default)]
pub struct TaskOptions<'a> {
    /// The text style of the prompt.
    pub style: PromptStyle,
    /// Draw the ascii style in wall and floor characters drawn from the seed.
    pub glyphs: bool,
    /// The maze's picture (PNG), when asked.
    pub image: Option<&'a [u8]>,
}

/// One task record, a line of JSON: `id`, `seed`, `style`, `width`, `height`, `prompt`,
/// `answer`, `moves`, `reachable`, `shortest_length`, `shortest_count` (the number of distinct
/// shortest routes, [`maze_core::routes`]), the difficulty figures of `maze stats`
/// (`dead_ends`, `junctions`, `decisions`, `decision_weight`, `winding`, `difficulty`,
/// `hardness`) and, when given, `image` (the PNG in base64). It depends on the maze and the
/// seed alone, so it is the same made alone or in any batch.
///
/// # Errors
/// A maze not on a plain square grid.
pub fn task<S: Shape>(maze: &Maze<S>, seed: u64, options: &TaskOptions<'_>) -> Result<String> {
    let layout =
        Layout::of(maze).ok_or_else(|| Error::request(refusal(options.style, &maze.shape().spec())))?;
    let route = maze_core::Solver::Bfs
        .solve_route(maze, maze.entrance(), maze.exit())
        .ok()
        .map(|s| s.path.iter().map(|c| c.0).collect::<Vec<u32>>())
        .filter(|p| !p.is_empty());
    let style = options.style;
    let glyphs = (options.glyphs && style == PromptStyle::Ascii).then(|| glyphs_of(seed));
    let stats = maze_core::stats::stats(maze);
    let json = |s: &str| serde_json::to_string(s).unwrap_or_default();
    let mut out = String::with_capacity(4096);
    let _ = write!(
        out,
        "{{\"id\":{},\"seed\":{seed},\"style\":\"{style}\",\"width\":{},\"height\":{},\"prompt\":{},\"answer\":{},\"moves\":{},\"reachable\":{},\"shortest_length\":{},\"shortest_count\":{}",
        json(&format!("{style}-{}x{}-{seed}", layout.width, layout.height)),
        layout.width,
        layout.height,
        json(&prompt(&layout, style, glyphs)?),
        json(&answer(&layout, style, route.as_deref())),
        json(&route.as_deref().map(|r| moves(layout.width, r)).unwrap_or_default()),
        route.is_some(),
        route.as_ref().map_or("null".to_string(), |r| (r.len() - 1).to_string()),
        maze_core::routes::ShortestRoutes::of(maze, maze.entrance(), maze.exit()).count(),
    );
    let wanted =
        ["dead_ends", "junctions", "decisions", "decision_weight", "winding", "difficulty", "hardness"];
    for (key, value) in stats.values() {
        if wanted.contains(&key) {
            let _ = write!(out, ",\"{key}\":{}", value.json());
        }
    }
    if let Some(png) = options.image {
        let _ = write!(out, ",\"image\":\"{}\"", base64(png));
    }
    out.push_str("}\n");
    Ok(out)
}

/// Standard base64 with padding.
pub(super) fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ABC[(n >> (18 - 6 * i) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}
