//! libFuzzer target `check`: `dmlint::fuzz::Target::Check` on each input.
#![no_main]

use dmlint::cards::Pool;
use dmlint::fuzz::Target;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| Target::Check.run(data, Pool::embedded()));
