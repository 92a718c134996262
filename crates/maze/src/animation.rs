//! Animations: which one a request asks for ([`animation_options`]), whether its frames fit
//! the limits, and recording and writing one.

use maze_core::{Shape, Trace};
use maze_render::Format;
use maze_render::animate::{self, Animation, Recording, Timing};

use crate::error::{Error, Result};
use crate::picture::{Picture, draw_style};
use crate::present::Notes;
use crate::present::Rendered;
use crate::request::{Draw, MazeRequest};

/// The most events `--animate` records (20 million, 160 MB); an animation of a longer run
/// shows the first ones, then the finished maze, and a note on stderr says so.
pub(crate) const TRACE_LIMIT: usize = 20_000_000;

/// The animation asked for by `--animate` (or `--format gif`), checked against the format
/// and drawing options; `None` for a still picture.
pub(crate) fn animation_options(format: Format, a: &MazeRequest, draw: &Draw) -> Result<Option<Animation>> {
    if !a.animated() {
        return Ok(None);
    }
    if !matches!(format, Format::Gif | Format::Svg) {
        return Err(Error::Request(format!(
            "an animation (--animate, --zones) is written as gif or svg, not {} (use --format gif or --format svg)",
            format.name()
        )));
    }
    if draw.heat {
        return Err(Error::Request(
            "--heat is not drawn in animations (leave out --heat or --animate)".into(),
        ));
    }
    let heading = [
        (draw.title.is_some(), "--title"),
        (draw.instructions.is_some(), "--instructions"),
        (a.numbered, "--numbered"),
    ];
    for (given, flag) in heading {
        if given {
            return Err(Error::Request(format!(
                "{flag} is not drawn in animations (leave out {flag} or --animate)"
            )));
        }
    }
    let timing = match (a.delay, a.duration) {
        (Some(ms), _) => Timing::PerFrame(ms),
        (None, Some(seconds)) => Timing::Total((seconds * 1000.0).round() as u32),
        (None, None) => Animation::default().timing,
    };
    Ok(Some(Animation {
        frames: a.frames.unwrap_or(crate::request::DEFAULT_FRAMES) as usize,
        timing,
        visited: !draw.no_visited,
        markers: !draw.no_markers,
        zones: a.zones,
        ..Animation::default()
    }))
}

/// Refuses an animation too large to draw, before anything is generated or solved.
pub(crate) fn check_animation_size<S: Shape>(
    shape: &S,
    format: Format,
    draw: &Draw,
    animation: &Animation,
    multi: bool,
) -> Result<()> {
    if format == Format::Gif {
        let picture = Picture::of(shape).frames(animation.frames);
        animate::check_gif_size(shape, &draw_style(draw, format, multi, &picture), animation.frames)?;
    } else {
        animate::check_svg_size(shape, animation)?;
    }
    Ok(())
}

/// Writes a recording as a GIF or an animated SVG.
pub(crate) fn animate<S: Shape>(
    rec: &Recording<'_, S>,
    trace: &Trace,
    format: Format,
    draw: &Draw,
    animation: &Animation,
    multi: bool,
    notes: &Notes,
) -> Result<Rendered> {
    if trace.truncated() {
        notes.push(format!(
            "note: the animation shows the first {} of {} steps, then the finished maze",
            trace.events.len(),
            trace.seen
        ));
    }
    let picture = Picture::of(rec.end.shape()).frames(animation.frames);
    let style = draw_style(draw, format, multi, &picture);
    Ok(Rendered::Bytes(match format {
        Format::Gif => animate::gif(rec, &style, animation)?,
        _ => animate::animated_svg(rec, &style, animation)?.into_bytes(),
    }))
}
