//! Moodle's and Canvas's grade CSVs and worksheets, read and filled.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    minimax::fuzzing::lms_csv(bytes);
});
