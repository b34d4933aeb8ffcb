//! Running one student program on one input, whatever the program does.
//!
//! Each run gets its own process group; on time-out, interruption or normal exit the whole
//! group is killed, so nothing a student started outlives its run. Stdout and stderr are read
//! on their own threads (a full pipe never blocks the program or the grader), and only the
//! first [`RunLimits::output`] bytes of each are kept.

use nix::sys::signal::{killpg, Signal};
use nix::unistd::Pid;
use std::io::{Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};
use wait_timeout::ChildExt;

/// How long a run may take and how much of its output is kept.
#[derive(Clone, Copy, Debug)]
pub struct RunLimits {
    pub timeout: Duration,
    pub output: usize,
}

impl Default for RunLimits {
    fn default() -> Self {
        RunLimits {
            timeout: Duration::from_secs(5),
            output: 64 * 1024,
        }
    }
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    Exited(i32),
    Signalled(i32),
    TimedOut,
    Interrupted,
    NotStarted(String),
}

/// A stream's kept bytes and how many there were in all.
#[derive(Clone, Debug, Default)]
pub struct Captured {
    pub bytes: Vec<u8>,
    pub total: usize,
}

impl Captured {
    pub fn was_cut(&self) -> bool {
        self.total > self.bytes.len()
    }
}

/// Everything a run produced.
#[derive(Clone, Debug)]
pub struct Run {
    pub ending: Ending,
    pub stdout: Captured,
    pub stderr: Captured,
    pub seconds: f64,
}

/// How often a waiting run looks at the interruption flag.
const POLL: Duration = Duration::from_millis(50);

/// Runs `command` with `sh -c` in `dir`, writing `input` to its stdin.
pub fn run(command: &str, dir: &Path, input: &[u8], limits: RunLimits, interrupted: &AtomicBool) -> Run {
    let started = Instant::now();
    let spawned = Command::new("sh")
        .arg("-c")
        .arg(command)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn();
    let mut child = match spawned {
        Ok(child) => child,
        Err(error) => {
            return Run {
                ending: Ending::NotStarted(error.to_string()),
                stdout: Captured::default(),
                stderr: Captured::default(),
                seconds: started.elapsed().as_secs_f64(),
            }
        }
    };
    let group = Pid::from_raw(child.id() as i32);
    let stdin = child.stdin.take();
    let input = input.to_vec();
    // A program that never reads its input must not block the grader.
    let writer = thread::spawn(move || {
        if let Some(mut stdin) = stdin {
            let _ = stdin.write_all(&input);
        }
    });
    let limit = limits.output;
    let stdout = child
        .stdout
        .take()
        .map(|out| thread::spawn(move || capture(out, limit)));
    let stderr = child
        .stderr
        .take()
        .map(|err| thread::spawn(move || capture(err, limit)));

    let ending = loop {
        let left = limits.timeout.saturating_sub(started.elapsed());
        match child.wait_timeout(left.min(POLL)) {
            Ok(Some(status)) => {
                break match (status.code(), status.signal()) {
                    (Some(code), _) => Ending::Exited(code),
                    (None, Some(signal)) => Ending::Signalled(signal),
                    (None, None) => Ending::Exited(-1),
                }
            }
            Ok(None) if started.elapsed() >= limits.timeout => break Ending::TimedOut,
            Ok(None) if interrupted.load(Ordering::Relaxed) => break Ending::Interrupted,
            Ok(None) => continue,
            Err(error) => break Ending::NotStarted(error.to_string()),
        }
    };
    let seconds = started.elapsed().as_secs_f64();
    // Whatever is left of the group (the program itself on time-out, or children it left
    // behind) is killed; then the pipes close and the readers finish.
    let _ = killpg(group, Signal::SIGKILL);
    let _ = child.wait();
    let _ = writer.join();
    let join = |handle: Option<thread::JoinHandle<Captured>>| {
        handle.and_then(|handle| handle.join().ok()).unwrap_or_default()
    };
    Run {
        ending,
        stdout: join(stdout),
        stderr: join(stderr),
        seconds,
    }
}

/// Reads a stream to its end, keeping at most `limit` bytes and counting the rest.
fn capture(mut stream: impl Read, limit: usize) -> Captured {
    let mut captured = Captured::default();
    let mut buffer = [0u8; 8192];
    loop {
        match stream.read(&mut buffer) {
            Ok(0) | Err(_) => break,
            Ok(n) => {
                let keep = n.min(limit.saturating_sub(captured.bytes.len()));
                captured.bytes.extend_from_slice(&buffer[..keep]);
                captured.total += n;
            }
        }
    }
    captured
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quick(command: &str) -> Run {
        let limits = RunLimits {
            timeout: Duration::from_secs(2),
            output: 1000,
        };
        run(
            command,
            Path::new("."),
            b"hello\n",
            limits,
            &AtomicBool::new(false),
        )
    }

    #[test]
    fn output_status_and_input_are_passed_through() {
        let run = quick("cat; echo oops >&2; exit 3");
        assert_eq!(run.ending, Ending::Exited(3));
        assert_eq!(run.stdout.bytes, b"hello\n");
        assert_eq!(run.stderr.bytes, b"oops\n");
    }

    #[test]
    fn a_flood_is_kept_to_the_limit_and_counted() {
        let run = quick("head -c 300000 /dev/zero");
        assert_eq!(run.ending, Ending::Exited(0));
        assert_eq!((run.stdout.bytes.len(), run.stdout.total), (1000, 300_000));
        assert!(run.stdout.was_cut());
    }

    #[test]
    fn a_hanging_program_is_stopped_at_the_time_limit() {
        let limits = RunLimits {
            timeout: Duration::from_millis(300),
            output: 1000,
        };
        let run = run("sleep 30", Path::new("."), b"", limits, &AtomicBool::new(false));
        assert_eq!(run.ending, Ending::TimedOut);
    }

    #[test]
    fn an_interrupted_run_stops_promptly() {
        let run = run(
            "sleep 30",
            Path::new("."),
            b"",
            RunLimits::default(),
            &AtomicBool::new(true),
        );
        assert_eq!(run.ending, Ending::Interrupted);
    }

    #[test]
    fn a_child_holding_the_pipe_open_does_not_keep_the_run_alive() {
        let started = Instant::now();
        let run = quick("sleep 20 & echo done");
        assert_eq!(run.ending, Ending::Exited(0));
        assert_eq!(run.stdout.bytes, b"done\n");
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "waited for the child"
        );
    }
}
