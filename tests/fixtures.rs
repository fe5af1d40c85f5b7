//! Runs every fixture under `fixtures/` through the same runner as `dmlint test`: each
//! must pass, or be pending with a reason. Its full outcome (the rendered failures of a
//! pending fixture, every diagnostic, and where each game's replay ended) is
//! snapshotted with the plain theme at a fixed width, and reviewed.

use dmlint::cards::Pool;
use dmlint::fixture::{Verdict, run_file};
use dmlint::render::{Format, Renderer};

#[test]
fn fixtures() {
    insta::glob!("../fixtures", "**/*.dmlog", |path| {
        let name = path
            .strip_prefix(env!("CARGO_MANIFEST_DIR"))
            .unwrap_or(path)
            .display()
            .to_string();
        let report = run_file(
            path,
            &name,
            Pool::embedded(),
            &Renderer::plain(Format::Human),
        );
        assert_ne!(report.verdict, Verdict::Failed, "\n{}", report.report());
        insta::assert_snapshot!(report.full());
    });
}
