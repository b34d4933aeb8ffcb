//! Bad input of every kind: a clear message on stderr, nothing on stdout, exit status 2.

use crate::{minimax, run};

#[test]
fn each_invalid_fixture_gets_its_message() {
    insta::glob!("../../fixtures", "invalid/*", |path| {
        let name = path.file_name().unwrap().to_str().unwrap();
        let relative = format!("fixtures/invalid/{name}");
        let (status, stdout, stderr) = run(&[&relative], b"");
        assert_eq!((status, stdout.as_str()), (2, ""), "{name}");
        assert!(stderr.starts_with("minimax: "), "{name}: {stderr}");
        insta::assert_snapshot!(stderr);
    });
}

#[test]
fn a_missing_file_is_named_in_the_error() {
    let (status, stdout, stderr) = run(&["fixtures/no-such-position.txt"], b"");
    assert_eq!((status, stdout.as_str()), (2, ""));
    assert!(
        stderr.starts_with("minimax: cannot read fixtures/no-such-position.txt: "),
        "{stderr}"
    );
}

#[test]
fn tens_of_megabytes_on_stdin_are_refused() {
    let huge = vec![b'X'; 30 << 20];
    let output = minimax().write_stdin(huge).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("larger than"), "{stderr}");
}

#[test]
fn binary_garbage_never_panics() {
    // Every byte value, and pseudo-random bytes from a fixed seed.
    let mut seed: u32 = 12345;
    let mut inputs: Vec<Vec<u8>> = (0..=255u8).map(|b| vec![b; 12]).collect();
    for _ in 0..40 {
        inputs.push(
            (0..64)
                .map(|_| {
                    seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
                    (seed >> 16) as u8
                })
                .collect(),
        );
    }
    for input in inputs {
        let output = minimax().write_stdin(input.clone()).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(matches!(output.status.code(), Some(0..=2)), "{input:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{input:?}: {stderr}");
    }
}

#[test]
fn an_unknown_flag_is_a_usage_error() {
    let (status, stdout, stderr) = run(&["--algoritm", "minimax"], b"");
    assert_eq!((status, stdout.as_str()), (2, ""));
    assert!(
        stderr.contains("--algorithm"),
        "clap suggests the right flag: {stderr}"
    );
}

#[test]
fn two_output_forms_at_once_are_a_usage_error() {
    let (status, _, stderr) = run(&["--json", "--board", "fixtures/estado1.txt"], b"");
    assert_eq!(status, 2, "{stderr}");
}

#[test]
fn a_bad_first_player_is_a_usage_error() {
    let (status, _, stderr) = run(&["--first", "Z", "fixtures/estado1.txt"], b"");
    assert_eq!(status, 2);
    assert!(stderr.contains("not a player"), "{stderr}");
}
