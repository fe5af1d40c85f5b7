//! libFuzzer target `fixture`: `dmlint::fuzz::Target::Fixture` on each input.
#![no_main]

use dmlint::cards::Pool;
use dmlint::fuzz::Target;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| Target::Fixture.run(data, Pool::embedded()));
