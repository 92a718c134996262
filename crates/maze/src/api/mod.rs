//! The web API's meaning, for every front end that serves it: `maze serve`'s endpoints
//! (`/api/list`, `/api/generate`, `/api/render`, `/api/solve`, docs/API.md) and the page's
//! WebAssembly module, which answers the same requests without a server.
//!
//! A transport reads a request (its query's pairs, and the body of a `POST` as text) and
//! hands it here: [`answer`] does it all at once (the module's route); a server that
//! schedules work calls the endpoint's own function ([`generate`], [`render`], or for a
//! `POST` [`posted`] on the query and then [`Posted::with_body`], so a bad query is refused
//! before a body is read) to check the request and get a [`Job`], then runs [`Job::run`]
//! where it likes (the server: in a lane of its blocking pool, chosen by
//! [`Job::cells`]). Both give the same bytes and the same errors.
//!
//! Query parameters are read into a [`crate::request::MazeRequest`] by its own serde definition
//! ([`crate::request::MazeRequest::from_pairs`]: `width=8` is the request's `width`, `cell_size` its
//! `cell-size`) and checked and run by its [`crate::plan::Plan`], as the command line's options
//! are. Errors are an [`ApiError`]: a status (400 bad parameters, 404, 405, 408 cancelled,
//! 413 too large, 422 no path, 500 a bug) and one line, in the API's words
//! ([`wording`]): parameter names instead of flags, the server's limits instead of advice
//! to raise them.

use std::fmt::Write as _;

use maze_core::observe::Quiet;
use maze_core::{CellId, Shape, ShapeVisitor, Solver, Trace, cancel};
use maze_render::Format;
use maze_render::json::{self, MazeFile};

use crate::any::AnyMaze;
use crate::error::Error;
use crate::request::{FieldGroup, MazeRequest};

pub(crate) mod geometry;
pub mod packed;
mod query;
pub mod wording;

use geometry::events;
pub use geometry::{DrawnWall, EVENT_NAMES, each_stair, each_wall, event_parts};
use query::{Accepts, body_fields, fields, key, parsed, request_of, switch};

pub use query::query_pairs;

/// The largest maze for JSON, SVG and text answers.
pub const MAX_CELLS: u64 = 1_000_000;
/// The largest maze for png, pdf, tex, scad, stl and gif (heavier to draw).
pub const MAX_DRAWN_CELLS: u64 = 250_000;
/// The largest maze when geometry or events are asked for (the page's own requests).
pub const MAX_GEOMETRY_CELLS: u64 = 100_000;
/// The largest answer (a file or JSON), estimated before any work: 256 MiB.
pub const MAX_ANSWER_BYTES: u64 = 256 << 20;
/// The most events returned per recording (generation or solving); beyond it the list is
/// cut and `"truncated": true` says so.
pub const MAX_EVENTS: usize = 250_000;

/// The request fields the API takes to generate a maze: those of [`FieldGroup::Maze`] (as
/// `key=value`; switches as `unicursal=1`) and the solver. `mask` (a file on the server) is
/// not one: pictures arrive as `mask-data` rows, converted by the page.
pub const GENERATE: &[FieldGroup] = &[FieldGroup::Maze, FieldGroup::Solve];
/// The most mazes one `GET /api/render` makes (`count`, a PDF worksheet or booklet).
pub const MAX_SHEET_MAZES: u32 = 300;

/// The batch fields `GET /api/render` takes besides its groups, for a PDF of several mazes
/// (a worksheet or booklet): how many, how hard, in which order.
pub const RENDER_BATCH: &[&str] = &["count", "hardness", "order"];

/// The request fields the API takes to draw: [`FieldGroup::Draw`].
pub const DRAW: &[FieldGroup] = &[FieldGroup::Draw];
/// The request fields of an animation (of a generated maze only): [`FieldGroup::Animation`].
pub const ANIMATION: &[FieldGroup] = &[FieldGroup::Animation];

/// Every field name of the request in `groups`, in [`crate::request::FIELDS`] order.
pub fn fields_in(groups: &[FieldGroup]) -> Vec<&'static str> {
    crate::request::FIELDS
        .iter()
        .copied()
        .filter(|f| crate::request::group(f).is_some_and(|g| groups.contains(&g)))
        .collect()
}

/// An API error: an HTTP status and a one-line message, sent as `{"error": message}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status (400, 404, 405, 408, 413, 422, 500, 503).
    pub status: u16,
    /// The message: one line, without control characters.
    pub message: String,
}

impl ApiError {
    /// An error with this status and message (made one line).
    pub fn new(status: u16, message: impl Into<String>) -> Self {
        ApiError { status, message: crate::error::single_line(&message.into()) }
    }

    /// A bad request (400).
    pub fn bad(message: impl Into<String>) -> Self {
        Self::new(400, message)
    }

    /// The error's JSON body, `{"error": "..."}`.
    pub fn to_json(&self) -> String {
        serde_json::json!({ "error": self.message }).to_string()
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ApiError {}

impl From<Error> for ApiError {
    /// The library's error in the API's words (without the command line's hints to raise a
    /// limit), with its status: 400 for a bad parameter, 413 for a size over one of the
    /// server's limits, 422 for no route, 408 for a cancelled job, 500 for anything else.
    fn from(e: Error) -> Self {
        let mut status = match (e.root(), e.core()) {
            (Error::Request(_), _) => 400,
            (_, Some(maze_core::Error::TooLarge { .. })) => 413,
            (_, Some(maze_core::Error::NoPath(_))) => 422,
            // Only answered when the request is still there to take it.
            (_, Some(maze_core::Error::Cancelled)) => 408,
            (_, Some(_)) => 400,
            _ => 500,
        };
        let line = e.to_string();
        if status == 400
            && let Some(limit) = wording::limit_status(&line)
        {
            status = limit;
        }
        ApiError::new(status, wording::api_message(&line))
    }
}

impl From<maze_core::Error> for ApiError {
    fn from(e: maze_core::Error) -> Self {
        Error::Core(e).into()
    }
}

/// The API's result.
pub type ApiResult<T> = std::result::Result<T, ApiError>;

/// An answer: its content type, the name it is downloaded as (a file), and its bytes.
#[derive(Debug, Clone)]
pub struct Answer {
    /// The `Content-Type`.
    pub content_type: &'static str,
    /// For a file (`/api/render`): its name with extension, made of checked values only
    /// (letters, digits, `-`, `_`, `.`).
    pub file_name: Option<String>,
    /// The body.
    pub bytes: Vec<u8>,
}

/// `GET /api/list`: what `maze list --json` prints, and the API's download limits.
pub fn list() -> String {
    let mut list = crate::capabilities();
    list["limits"] = download_limits();
    list.to_string()
}

/// What the page needs to predict which downloads `GET /api/render` refuses, from the
/// constants the API checks: the most cells for each format, a PNG's most pixels and its
/// margin (in cells, on each side), and an STL model's most footprint pixels, most pixels
/// along a side, and its default cell and wall sizes in millimetres (walls must be at
/// least two pixels thick).
fn download_limits() -> serde_json::Value {
    let cells: serde_json::Map<String, serde_json::Value> =
        Format::ALL.iter().map(|&f| (f.name().to_string(), limit_for(f).into())).collect();
    let request = MazeRequest::default();
    let png =
        crate::picture::draw_style(&request.draw(), Format::Png, false, &crate::picture::Picture::default());
    let stl =
        crate::picture::draw_style(&request.draw(), Format::Stl, false, &crate::picture::Picture::default());
    serde_json::json!({
        "cells": cells,
        "png_pixels": request.max_pixels,
        "png_margin": png.margin / png.cell_size,
        "stl_pixels": maze_render::stl::MAX_PIXELS,
        "stl_side": maze_render::stl::MAX_SIDE,
        "stl_cell": stl.cell_size,
        "stl_wall": stl.wall_width,
    })
}

/// The most cells of a maze drawn in `format`.
pub fn limit_for(format: Format) -> u64 {
    match format {
        Format::Json | Format::Maze | Format::Svg | Format::Text | Format::Unicode => MAX_CELLS,
        _ => MAX_DRAWN_CELLS,
    }
}

/// The `Content-Type` of a file in `format`.
pub fn content_type(format: Format) -> &'static str {
    match format {
        Format::Json => "application/json",
        Format::Svg => "image/svg+xml",
        Format::Png => "image/png",
        Format::Pdf => "application/pdf",
        Format::Gif => "image/gif",
        Format::Stl => "model/stl",
        Format::Tex => "application/x-tex; charset=utf-8",
        Format::Maze => "application/octet-stream",
        _ => "text/plain; charset=utf-8",
    }
}

/// The request of a `GET /api/generate` query (`heavy`: with geometry or events), with
/// the API's limits.
pub fn generate_request(params: &[(String, String)], heavy: bool) -> ApiResult<MazeRequest> {
    let accepts =
        Accepts { groups: &[GENERATE], keys: &[], own: &["events", "geometry", "format", "packed"] };
    let mut request = request_of(params, &accepts)?;
    request.max_cells = if heavy { MAX_GEOMETRY_CELLS } else { MAX_CELLS };
    request.max_bytes = MAX_ANSWER_BYTES;
    request.format = Format::Json;
    Ok(request)
}

/// The request of a `GET /api/render` query (svg unless `format` says), with the API's
/// limits: several mazes (`count`, with `hardness` and `order`) make one PDF only, at most
/// [`MAX_SHEET_MAZES`].
pub fn render_request(params: &[(String, String)]) -> ApiResult<MazeRequest> {
    let keys: Vec<&str> = ["format"].iter().chain(RENDER_BATCH).copied().collect();
    let accepts = Accepts { groups: &[GENERATE, DRAW, ANIMATION], keys: &keys, own: &[] };
    let mut request = request_of(params, &accepts)?;
    if !params.iter().any(|(k, _)| key(k) == "format") {
        request.format = Format::Svg;
    }
    if request.count > 1 && request.format != Format::Pdf {
        return Err(ApiError::bad(format!(
            "count={}: several mazes come as one PDF only (format=pdf)",
            request.count
        )));
    }
    if request.count > MAX_SHEET_MAZES {
        return Err(ApiError::bad(format!(
            "count={}: at most {MAX_SHEET_MAZES} mazes in one PDF",
            request.count
        )));
    }
    request.max_cells = limit_for(request.format);
    request.max_bytes = MAX_ANSWER_BYTES;
    Ok(request)
}

/// A checked request, ready to run: [`Job::run`] does the work (which may take long, and
/// stops at its next check when [`maze_core::cancel`]'s flag is set).
#[derive(Debug)]
pub struct Job {
    work: Work,
}

/// One per request, made once and moved into its job: the size of its variants does not
/// matter.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
enum Work {
    Generate {
        request: MazeRequest,
        seed: u64,
        events: bool,
        geometry: bool,
        packed: bool,
    },
    Render {
        request: MazeRequest,
        seed: u64,
        name: String,
    },
    Redraw {
        request: MazeRequest,
        file: MazeFile,
        keep_solution: bool,
        name: String,
        cells: u64,
    },
    Solve {
        file: MazeFile,
        solver: Solver,
        from: Option<crate::ends::EndSpec>,
        to: Option<crate::ends::EndSpec>,
        events: bool,
    },
}

impl Job {
    /// Whether measuring the job ([`Job::cells`]) reads a mask (it takes a moment: a
    /// server does it as a small job of its own).
    pub fn measures_a_mask(&self) -> bool {
        match &self.work {
            Work::Generate { request, .. } | Work::Render { request, .. } => {
                request.mask_text.is_some() || request.mask_data.is_some()
            }
            _ => false,
        }
    }

    /// The cells the job works on, for a scheduler: the checked shape's cells, a mask's own
    /// cells rather than its rectangle's (with `mask-connect` on a mask in pieces, the
    /// rectangle's, over which the joining works), a polar maze's real count
    /// ([`crate::masks::cells_before_joining`]); a shape that fails its checks is measured
    /// by its rectangle (its job gives the error).
    pub fn cells(&self) -> u64 {
        match &self.work {
            Work::Generate { request, .. } | Work::Render { request, .. } => {
                let (w, h) = crate::masks::dimensions(request, None);
                let rectangle = u64::from(w) * u64::from(h) * u64::from(request.levels.max(1));
                let one = crate::masks::cells_before_joining(request, request.max_cells).unwrap_or(rectangle);
                // A PDF of several mazes works on all of them.
                one.saturating_mul(u64::from(request.count.max(1)))
            }
            Work::Redraw { cells, .. } => *cells,
            Work::Solve { file, .. } => file.cells,
        }
    }

    /// Whether the job draws an animation (heavier than a picture of the same maze).
    pub fn animation(&self) -> bool {
        matches!(&self.work, Work::Render { request, .. } if request.animated())
    }

    /// Does the work.
    ///
    /// # Errors
    /// The request's errors found only while working (no path, a drawing over its
    /// memory), and 408 when cancelled.
    pub fn run(self) -> ApiResult<Answer> {
        match self.work {
            Work::Generate { request, seed, events, geometry, packed } => {
                let heavy = events || geometry;
                let plan = crate::plan::Plan::new(&request).map_err(|e| {
                    if heavy { e.context("with geometry or events (the page's view)") } else { e }
                })?;
                let limit = if packed { packed::MAX_PACKED_EVENTS } else { MAX_EVENTS };
                let built = plan.build_recording(seed, events.then_some(limit))?;
                let bytes = generate_answer(&built, geometry, packed)?;
                let content_type = if packed { "application/octet-stream" } else { "application/json" };
                Ok(Answer { content_type, file_name: None, bytes })
            }
            Work::Render { request, seed, name } => {
                let bytes = crate::plan::Plan::new(&request)?.to_vec(seed)?;
                Ok(file_answer(request.format, &name, bytes))
            }
            Work::Redraw { request, file, keep_solution, name, .. } => {
                let job = crate::redraw::FileRequest {
                    file: &file,
                    name: None,
                    solve: None,
                    keep_solution,
                    request: &request,
                };
                let mut out = Vec::new();
                crate::redraw::redraw(job)?.write(&mut out)?;
                Ok(file_answer(request.format, &name, out))
            }
            Work::Solve { file, solver, from, to, events } => {
                let max_cells = if events { MAX_GEOMETRY_CELLS } else { MAX_CELLS };
                let spec = crate::redraw::file_spec(
                    &file,
                    &crate::request::Limits { max_cells, ..crate::request::Limits::default() },
                )?;
                let body = spec.visit_cold(SolveView { file: &file, solver, from, to, events })?;
                Ok(Answer { content_type: "application/json", file_name: None, bytes: body.into_bytes() })
            }
        }
    }
}

/// A file to download, named `name.<extension>` (`name` is built from checked values only;
/// should it ever hold something a header cannot, the file is named "maze").
fn file_answer(format: Format, name: &str, bytes: Vec<u8>) -> Answer {
    let safe = |n: &str| n.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b));
    let name = if safe(name) { name } else { "maze" };
    Answer {
        content_type: content_type(format),
        file_name: Some(format!("{name}.{}", format.extension())),
        bytes,
    }
}

/// `GET /api/generate`: a maze as JSON, with geometry and events on request; with
/// `packed=1`, the page's compact binary answer with both (see [`packed`]).
///
/// # Errors
/// A bad or too large request.
pub fn generate(query: &[(String, String)]) -> ApiResult<Job> {
    generated(query, query)
}

/// A `POST` whose query has been checked, waiting for its body: a server checks the query
/// ([`posted`]) before it reads a body that may be large, then hands the body over
/// ([`Posted::with_body`]); the query is read once.
#[derive(Debug)]
pub struct Posted(PostedKind);

#[derive(Debug)]
enum PostedKind {
    /// `/api/generate`: the API's own switches from the query; the request's fields come in
    /// the body.
    Generate(Vec<(String, String)>),
    /// `/api/render`: the drawing options, and whether to keep the file's solution.
    Render(Box<MazeRequest>, bool),
    /// `/api/solve`: the solver and the ends.
    Solve(SolveOptions),
}

/// Checks the query of a `POST` to `path` (`/api/generate`, `/api/render` or `/api/solve`)
/// before its body is read.
///
/// # Errors
/// 404 for another path; for `/api/generate` any parameter but the API's own switches
/// (`events`, `geometry`, `packed`: the request's fields go in the body); for `/api/render`
/// a bad drawing option or `format=gif`; for `/api/solve` a bad solver or end.
pub fn posted(path: &str, query: &[(String, String)]) -> ApiResult<Posted> {
    let kind = match path {
        "/api/generate" => {
            if let Some((k, _)) =
                query.iter().find(|(k, _)| !["events", "geometry", "packed"].contains(&key(k).as_str()))
            {
                return Err(ApiError::bad(format!(
                    "unknown parameter '{k}' in the query: with POST, the request's fields go in the JSON body"
                )));
            }
            PostedKind::Generate(query.to_vec())
        }
        "/api/render" => {
            let (request, keep_solution) = render_posted_request(query)?;
            PostedKind::Render(Box::new(request), keep_solution)
        }
        "/api/solve" => PostedKind::Solve(solve_options(query)?),
        _ => return Err(ApiError::new(404, "no such page or endpoint (see docs/API.md)")),
    };
    Ok(Posted(kind))
}

impl Posted {
    /// The job, once the body has arrived: for `/api/generate` the request's fields as a
    /// JSON object (as [`MazeRequest`] serialises: `{"shape": "hex", "width": 8, "where":
    /// [...]}`); for `/api/render` a maze file to draw (with its saved solution, unless the
    /// query said `no-solution=1`); for `/api/solve` a maze file to solve.
    ///
    /// # Errors
    /// A bad body: not a JSON object of request fields (generate) or not a maze file
    /// (render, solve); a bad or too large request.
    pub fn with_body(self, body: &str) -> ApiResult<Job> {
        match self.0 {
            PostedKind::Generate(own) => generated(&own, &body_fields(body)?),
            PostedKind::Render(request, keep_solution) => {
                let file = maze_file(body)?;
                // The file name is built from the checked shape, never from the request's text.
                let spec = crate::redraw::file_spec(&file, &request.limits())?;
                let name = format!("maze-{}-{}x{}", spec.kind.name(), spec.width, spec.height);
                Ok(Job {
                    work: Work::Redraw { request: *request, file, keep_solution, name, cells: spec.cells() },
                })
            }
            PostedKind::Solve((solver, from, to, events)) => {
                let file = maze_file(body)?;
                Ok(Job { work: Work::Solve { file, solver, from, to, events } })
            }
        }
    }
}

/// The job of `/api/generate` for the API's own switches in `own` and the request's
/// fields in `fields`.
fn generated(own: &[(String, String)], fields: &[(String, String)]) -> ApiResult<Job> {
    let packed = switch(own, "packed")?;
    let events = switch(own, "events")? || packed;
    let geometry = switch(own, "geometry")? || packed;
    // The JSON geometry is about 400 bytes a cell: it has a lower limit than the packed one.
    let request = generate_request(fields, (events || geometry) && !packed)?;
    let seed = request.seed.unwrap_or_else(crate::plan::fresh_seed);
    Ok(Job { work: Work::Generate { request, seed, events, geometry, packed } })
}

/// `GET /api/render`: generates a maze and sends it as a file in any format.
///
/// # Errors
/// A bad or too large request.
pub fn render(query: &[(String, String)]) -> ApiResult<Job> {
    let request = render_request(query)?;
    let seed = request.seed.unwrap_or_else(crate::plan::fresh_seed);
    let (width, height) = crate::masks::dimensions(&request, None);
    let name = if request.count > 1 {
        format!("mazes-{}-{width}x{height}-{seed}-{}", request.shape.name(), request.count)
    } else {
        format!("maze-{}-{width}x{height}-{seed}", request.shape.name())
    };
    let job = Job { work: Work::Render { request, seed, name } };
    let cells = job.cells();
    if cells > MAX_CELLS {
        return Err(ApiError::new(
            413,
            format!(
                "these mazes have {cells} cells in all, over the limit of {MAX_CELLS}: make fewer or smaller ones"
            ),
        ));
    }
    Ok(job)
}

/// The drawing options of a `POST /api/render` query and whether to keep the file's
/// saved solution, checked before its body is read.
///
/// # Errors
/// A bad parameter, an option the format does not take, or `format=gif` (an animation
/// needs a generated maze).
fn render_posted_request(query: &[(String, String)]) -> ApiResult<(MazeRequest, bool)> {
    let keep_solution = !switch(query, "no-solution")?;
    let accepts = Accepts { groups: &[DRAW], keys: &["format"], own: &["no-solution"] };
    let mut request = request_of(query, &accepts)?;
    if !query.iter().any(|(k, _)| key(k) == "format") {
        request.format = Format::Svg;
    }
    if request.format == Format::Gif {
        return Err(ApiError::bad(
            "gif is an animation: use GET /api/render?format=gif with generation parameters",
        ));
    }
    request.max_cells = limit_for(request.format);
    request.max_bytes = MAX_ANSWER_BYTES;
    crate::redraw::check_file_request(&request, false)?;
    Ok((request, keep_solution))
}

/// A maze file sent as a body.
fn maze_file(body: &str) -> ApiResult<MazeFile> {
    if body.trim().is_empty() {
        return Err(ApiError::bad("expected a maze JSON file (docs/FORMAT.md) as the request body"));
    }
    MazeFile::parse(body).map_err(|e| ApiError::bad(e.to_string()))
}

type SolveOptions = (Solver, Option<crate::ends::EndSpec>, Option<crate::ends::EndSpec>, bool);

fn solve_options(query: &[(String, String)]) -> ApiResult<SolveOptions> {
    let events = switch(query, "events")?;
    let own = fields(query, &Accepts { groups: &[], keys: &["algorithm", "from", "to"], own: &["events"] })?;
    let solver = parsed::<Solver>(&own, "algorithm")?.unwrap_or(Solver::Bfs);
    Ok((solver, parsed(&own, "from")?, parsed(&own, "to")?, events))
}

/// The whole API in one call, for a front end without a server (the page's WebAssembly
/// module): `method` (`GET` or `POST`), `path` (`/api/generate`), `query` (`a=1&b=2`, with
/// or without `?`) and the body of a `POST`; the job runs at once. `/api/status` is a
/// server's own (its lanes and connections): here it is a 404, like any other path.
///
/// # Errors
/// As the endpoint's: 404 for an unknown path, 405 for a method it does not take.
pub fn answer(method: &str, path: &str, query: &str, body: Option<&str>) -> ApiResult<Answer> {
    answer_pairs(method, path, &query_pairs(query), body)
}

/// [`answer`] for a query already read into its pairs ([`query_pairs`]), for a caller that
/// looks at them first (the WebAssembly module adds a seed from the browser's random
/// numbers).
///
/// # Errors
/// As [`answer`].
pub fn answer_pairs(
    method: &str,
    path: &str,
    query: &[(String, String)],
    body: Option<&str>,
) -> ApiResult<Answer> {
    let body = body.unwrap_or("");
    let method = method.to_ascii_uppercase();
    let job = match (path, method.as_str()) {
        ("/api/list", "GET") => {
            return Ok(Answer {
                content_type: "application/json",
                file_name: None,
                bytes: list().into_bytes(),
            });
        }
        ("/api/generate", "GET") => generate(query)?,
        ("/api/render", "GET") => render(query)?,
        ("/api/generate" | "/api/render" | "/api/solve", "POST") => posted(path, query)?.with_body(body)?,
        ("/api/list" | "/api/generate" | "/api/render" | "/api/solve", _) => {
            return Err(ApiError::new(405, "this endpoint does not take that method (see docs/API.md)"));
        }
        _ => return Err(ApiError::new(404, "no such page or endpoint (see docs/API.md)")),
    };
    job.run()
}

/// The `/api/generate` answer for a maze built with its recording when `events` asked for it:
/// the maze file with the shortest route's length, and the page's `geometry` and `events`
/// when asked, or the packed form ([`packed`]).
fn generate_answer(built: &AnyMaze, geometry: bool, packed: bool) -> crate::error::Result<Vec<u8>> {
    cancel::check()?;
    let maze = built.maze();
    let solution = built.solution().map(|(v, s)| (v.name(), s));
    // The shortest route's length: the solution's when breadth-first search found it.
    let shortest = match built.solution() {
        Some((Solver::Bfs, s)) => s.path.len(),
        _ => Solver::Bfs.solve_route(maze, maze.entrance(), maze.exit())?.path.len(),
    }
    .saturating_sub(1);
    cancel::check()?;
    crate::stage::enter(crate::stage::Stage::Drawing);
    if packed {
        let head = packed::Head {
            provenance: built.provenance(),
            shortest,
            solution,
            recording: built.recording().map(|(_, t)| t),
            solve_trace: built.solve_trace(),
        };
        return Ok(packed::page(maze, &head));
    }
    let mut extra: Vec<(&str, String)> = Vec::new();
    extra.push(("shortest", shortest.to_string()));
    if geometry {
        extra.push(("geometry", built.geometry()));
    }
    if let Some((_, trace)) = built.recording() {
        extra.push(("events", events(maze.shape(), trace)));
    }
    if let Some(trace) = built.solve_trace() {
        extra.push(("solve_events", events(maze.shape(), trace)));
    }
    Ok(splice(json::to_json(maze, built.provenance(), solution, false), &extra).into_bytes())
}

/// Solves a posted maze once the shape is known.
struct SolveView<'a> {
    file: &'a MazeFile,
    solver: Solver,
    from: Option<crate::ends::EndSpec>,
    to: Option<crate::ends::EndSpec>,
    events: bool,
}

impl ShapeVisitor for SolveView<'_> {
    type Output = crate::error::Result<String>;

    fn visit<S: Shape>(self, shape: S) -> crate::error::Result<String> {
        crate::stage::enter(crate::stage::Stage::Making);
        let (mut maze, _) = self.file.to_maze(shape)?;
        if self.from.is_some() || self.to.is_some() {
            let mut rng = maze_core::Xoshiro::seed_from_u64(self.file.seed.unwrap_or(0));
            crate::ends::place_ends(&mut maze, self.from, self.to, &mut rng)?;
        }
        let (from, to) = (maze.entrance(), maze.exit());
        crate::stage::enter(crate::stage::Stage::Solving);
        let mut trace = Trace::with_limit(MAX_EVENTS);
        let solution = if self.events {
            self.solver.solve(&maze, from, to, &mut trace)?
        } else {
            self.solver.solve(&maze, from, to, &mut Quiet::default())?
        };
        let ids = |cells: &[CellId]| {
            let v: Vec<u32> = cells.iter().map(|c| c.0).collect();
            serde_json::to_string(&v).unwrap_or_default()
        };
        let mut out = format!(
            "{{\"algorithm\":\"{}\",\"from\":{},\"to\":{},\"steps\":{},\"path\":{},\"visited\":{}",
            self.solver.name(),
            from.0,
            to.0,
            solution.path.len().saturating_sub(1),
            ids(&solution.path),
            ids(&solution.visited)
        );
        if self.events {
            let _ = write!(out, ",\"events\":{}", events(maze.shape(), &trace));
        }
        out.push_str("}\n");
        Ok(out)
    }
}

/// Adds keys to the end of a JSON object written by [`json::to_json`].
fn splice(mut doc: String, extra: &[(&str, String)]) -> String {
    let trimmed = doc.trim_end().len();
    doc.truncate(trimmed);
    if doc.ends_with('}') {
        doc.pop();
        let trimmed = doc.trim_end().len();
        doc.truncate(trimmed);
        for (k, v) in extra {
            let _ = write!(doc, ",\n  \"{k}\": {v}");
        }
        doc.push_str("\n}\n");
    }
    doc
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(query: &str) -> Vec<(String, String)> {
        query_pairs(query)
    }

    /// A posted request body is read as strictly as a query: the query's own switches
    /// and `format` are refused (not silently dropped), a key given twice is refused (not
    /// last-wins), and `true` or a list is no number.
    #[test]
    fn a_posted_body_is_as_strict_as_the_query() {
        let post = |body: &str| answer("POST", "/api/generate", "", Some(body));
        for (body, needle) in [
            (r#"{"events":1}"#, "'events' goes in the query"),
            (r#"{"geometry":true,"packed":1}"#, "'geometry' goes in the query"),
            (r#"{"format":"svg"}"#, "'format' in the body"),
            (r#"{"width":5,"width":6}"#, "'width' is given more than once"),
            (r#"{"width":5,"Width":6}"#, "'Width' is given more than once"),
            (r#"{"width":true}"#, "'width': true is not a value"),
            (r#"{"width":[5]}"#, "'width': a list is not a value"),
            (r#"[1]"#, "not a JSON object of request fields"),
        ] {
            let e = post(body).expect_err(body);
            assert_eq!(e.status, 400, "{body}: {e}");
            assert!(e.message.contains(needle), "{body}: {e}");
        }
        // As the query, the same request: switches by true/false.
        let ok =
            post(r#"{"width":5,"height":4,"seed":3,"solve":true,"unicursal":false}"#).expect("a good body");
        let query = answer("GET", "/api/generate", "width=5&height=4&seed=3&solve=1&unicursal=0", None)
            .expect("a good query");
        assert_eq!(ok.bytes, query.bytes);
    }

    /// A 413 counts the cells the CLI counts: every level of a multi-level maze, every
    /// ring of a polar one (not the first rings up to the server's limit).
    #[test]
    fn refusals_for_size_count_the_real_cells() {
        let e =
            answer("GET", "/api/generate", "shape=polar&width=6&height=4000", None).expect_err("too large");
        assert_eq!(e.status, 413, "{e}");
        assert!(e.message.contains("50255322 cells"), "{e}");
        let e =
            answer("GET", "/api/generate", "width=1024&height=1024&levels=64", None).expect_err("too large");
        assert!(e.message.contains("67108864 cells"), "{e}");
        let file = r#"{"format":"maze","shape":{"kind":"square","width":1024,"height":1024,"levels":64},"cells":67108864,"passages":[]}"#;
        let e = answer("POST", "/api/render", "format=svg", Some(file)).expect_err("too large");
        assert_eq!(e.status, 413, "{e}");
        assert!(e.message.contains("67108864 cells"), "{e}");
    }

    /// Which endpoint takes which field follows the request's own grouping
    /// ([`crate::request::group`]): the generation's fields and the solver to generate, the drawing's
    /// and the animation's besides to draw; a mask file, batches, `zones` and limits
    /// nowhere.
    #[test]
    fn each_endpoint_takes_the_fields_of_its_groups() {
        for ok in ["shape=polar&rings=6&width=6&unicursal=1&solve=bfs", "mask_connect=1&weave=0.2&seed=3"] {
            assert!(generate_request(&pairs(ok), false).is_ok(), "{ok}");
        }
        for refused in
            ["mask=a.png", "count=2", "zones=1", "max-cells=9", "cell-size=4", "animate=1", "stream=1"]
        {
            let e = generate_request(&pairs(refused), false).expect_err(refused);
            assert!(e.message.contains("unknown parameter"), "{refused}: {}", e.message);
        }
        assert!(render_request(&pairs("cell_size=4&heat=1&animate=1&frames=9&format=svg&solve=bfs")).is_ok());
        for refused in [
            "zones=1",
            "where=dead_ends>3",
            "threads=2",
            "count=2",
            "count=2&format=svg",
            "count=301&format=pdf",
        ] {
            assert!(render_request(&pairs(refused)).is_err(), "{refused}");
        }
        // A worksheet: several mazes, of a difficulty, in one PDF.
        let sheet =
            render_request(&pairs("count=8&hardness=easy&order=difficulty&format=pdf")).expect("a worksheet");
        assert_eq!((sheet.count, sheet.format), (8, Format::Pdf));
        let e =
            render(&pairs("count=300&format=pdf&width=100&height=100")).expect_err("too many cells in all");
        assert_eq!(e.status, 413, "{e}");
        let generate = fields_in(GENERATE);
        assert!(
            generate.contains(&"unicursal") && generate.contains(&"solve") && !generate.contains(&"mask")
        );
        assert_eq!(fields_in(ANIMATION), ["animate", "frames", "delay", "duration"]);
    }
}
