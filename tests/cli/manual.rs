//! `minimax completions SHELL` and `minimax man DIR`: the command line for shells and for man.

use crate::run;
use std::collections::BTreeSet;

#[test]
fn completions_for_bash_offer_grade_and_its_flags() {
    let (status, stdout, stderr) = run(&["completions", "bash"], b"");
    assert_eq!(status, 0, "{stderr}");
    assert!(stdout.contains("complete -F _minimax"), "{stdout}");
    for word in [
        "grade",
        "--submissions",
        "--late-penalty",
        "--worksheet",
        "--sandbox",
    ] {
        assert!(stdout.contains(word), "bash completions miss {word}");
    }
}

#[test]
fn completions_for_every_other_shell_offer_grade_and_its_flags() {
    for shell in ["zsh", "fish", "powershell", "elvish"] {
        let (status, stdout, stderr) = run(&["completions", shell], b"");
        assert_eq!(status, 0, "{shell}: {stderr}");
        for word in ["grade", "submissions", "tree", "cutoff"] {
            assert!(stdout.contains(word), "{shell} completions miss {word}");
        }
    }
}

#[test]
fn completions_for_an_unknown_shell_are_refused_with_the_shells_there_are() {
    let (status, stdout, stderr) = run(&["completions", "tcsh"], b"");
    assert_eq!((status, stdout.as_str()), (2, ""));
    assert!(
        stderr.contains("bash") && stderr.contains("powershell"),
        "{stderr}"
    );
}

#[test]
fn man_writes_a_page_for_each_command_and_subcommand() {
    let dir = tempfile::tempdir().unwrap();
    let (status, stdout, stderr) = run(&["man", dir.path().to_str().unwrap()], b"");
    assert_eq!((status, stdout.as_str()), (0, ""), "{stderr}");
    let pages: BTreeSet<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    for page in [
        "minimax.1",
        "minimax-grade.1",
        "minimax-check.1",
        "minimax-generate-tree.1",
    ] {
        assert!(pages.contains(page), "no {page} among {pages:?}");
    }
    assert!(!pages.contains("minimax-help.1"), "{pages:?}");
    assert!(
        stderr.contains(&format!("{} man pages written to", pages.len())),
        "{stderr}"
    );
}

#[test]
fn the_man_page_of_grade_has_its_options_and_the_main_page_its_commands() {
    let dir = tempfile::tempdir().unwrap();
    let (status, _, stderr) = run(&["man", dir.path().to_str().unwrap()], b"");
    assert_eq!(status, 0, "{stderr}");
    let grade = std::fs::read_to_string(dir.path().join("minimax-grade.1")).unwrap();
    assert!(grade.contains(".TH minimax-grade 1"), "{grade}");
    for option in [
        "submissions",
        "late\\-penalty",
        "sandbox",
        "timeout",
        "fail\\-under",
    ] {
        assert!(
            grade.contains(&format!("\\-\\-{option}")),
            "grade's page misses --{option}"
        );
    }
    let main = std::fs::read_to_string(dir.path().join("minimax.1")).unwrap();
    assert!(
        main.contains("minimax\\-grade(1)") && main.contains("Exit status"),
        "{main}"
    );
}

#[test]
fn man_into_a_folder_that_cannot_be_made_fails_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a-file");
    std::fs::write(&file, "").unwrap();
    let target = file.join("man1");
    let (status, stdout, stderr) = run(&["man", target.to_str().unwrap()], b"");
    assert_eq!((status, stdout.as_str()), (2, ""));
    assert!(
        stderr.starts_with(&format!("minimax: cannot write {}", target.display())),
        "{stderr}"
    );
}
