//! libFuzzer target `cards`: `dmlint::fuzz::Target::Cards` on each input.
#![no_main]

use dmlint::cards::Pool;
use dmlint::fuzz::Target;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| Target::Cards.run(data, Pool::embedded()));
