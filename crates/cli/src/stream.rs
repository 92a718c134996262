//! `maze generate --stream`: a square maze made a row at a time and written as it is made
//! ([`maze::stream`]), with what only the command line does around it: the size limit of a
//! file written, the progress bar, Ctrl-C.

use anyhow::Result;
use indicatif::ProgressBar;

use crate::args::GenerateArgs;
use crate::fault::UsageError;

/// Whether standard output is a regular file (redirected to disk), whose size the byte limit
/// guards; pipes, terminals and devices are not limited.
fn stdout_is_file() -> bool {
    use std::os::fd::AsFd;
    let fd = std::io::stdout().as_fd().try_clone_to_owned();
    fd.ok().and_then(|fd| std::fs::File::from(fd).metadata().ok()).is_some_and(|m| m.is_file())
}

/// `maze generate --stream`: the library's stream ([`maze::stream`]), with the command
/// line's own parts: the size limit of a file written, a progress bar, the seed said.
pub fn run(args: &GenerateArgs) -> Result<()> {
    let request = &args.request;
    let (w, h) = maze::stream::check(request)?;
    let bytes = maze::stream::output_bytes(request, w, h)?;
    let to_file = match &args.out.output {
        Some(path) => std::fs::metadata(path).map_or(true, |m| m.is_file()),
        None => stdout_is_file(),
    };
    if to_file && bytes > request.max_bytes {
        anyhow::bail!(UsageError(format!(
            "the streamed {} of this {w}x{h} maze would be about {}, over the limit of {} for a file (raise it with --max-bytes, or pipe it)",
            request.format.name(),
            maze::human(bytes),
            maze::human(request.max_bytes)
        )));
    }
    maze::check_applies(request)?;
    let progress = if u64::from(w) * u64::from(h) >= 4_000_000 {
        crate::output::progress_bar(u64::from(h), "{spinner} rows {pos}/{len} [{bar:30}] {eta}")
    } else {
        ProgressBar::hidden()
    };
    args.out.with_sink(|sink| {
        let seed = request.seed.unwrap_or_else(|| {
            let s = maze::fresh_seed();
            progress.suspend(|| eprintln!("seed: {s}"));
            s
        });
        maze::stream::write(request, (w, h), seed, sink, |y| tick(&progress, y))?;
        Ok(())
    })?;
    progress.finish_and_clear();
    Ok(())
}

/// Moves the progress bar now and then, and stops on Ctrl-C.
fn tick(progress: &ProgressBar, y: u32) -> maze::Result<()> {
    if y % 1024 == 0 {
        progress.set_position(u64::from(y));
        maze_core::cancel::check()?;
    }
    Ok(())
}
