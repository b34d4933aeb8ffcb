//! Gradescope's submission_metadata.yml, Moodle's folder and file names.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    minimax::fuzzing::lms_names(text);
});
