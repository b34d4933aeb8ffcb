//! A student's archive (zip, tar, tar.gz, by the first byte), unpacked against a small budget.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: (u8, &[u8])| {
    minimax::fuzzing::unpack(input.0, input.1);
});
