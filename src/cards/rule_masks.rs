//! Rule masks (`Script::rule_on`) cannot drift from their hooks: each declared mask is exactly
//! the set of `Rule` variants the hook's source names, and the hook reads its question only in
//! place (`match r { .. }` with `_ => false`, `matches!(r, ..)`, `r == Rule::..`), so it cannot
//! answer `true` to a kind it does not name. A hook that hands its question on, or ignores it,
//! must keep the default (every question).

use super::event_masks::{declared, hook_text, is_ident, trailing, variants_after, words, SOURCES};
use super::*;
use std::collections::BTreeSet;

/// The `Rule` variants `fn name` (in `file`, else `common.rs`) names, if it reads its question
/// only in place; `Err` says why not.
fn named_rules(file: &str, name: &str) -> Result<BTreeSet<String>, String> {
    let text = hook_text(file, name)?;
    let open = text.find('{').unwrap();
    let (sig, body) = (&text[..open], &text[open..]);
    let at = sig
        .find(": Rule")
        .or_else(|| sig.find(": crate::cards::Rule"))
        .ok_or_else(|| format!("fn {name} takes no Rule"))?;
    let param = trailing(&sig[..at], is_ident);
    if param.starts_with('_') {
        return Err(format!("fn {name} ignores its question"));
    }
    for i in words(body, &param) {
        let before = body[..i].trim_end();
        let after = body[i + param.len()..].trim_start();
        let in_place = (before.ends_with("match") && after.starts_with('{'))
            || before.ends_with("matches!(")
            || after.starts_with("== Rule::")
            || after.starts_with("== crate::cards::Rule::");
        if !in_place {
            return Err(format!("fn {name} reads its question other than in place"));
        }
    }
    for (i, _) in body.match_indices("_ =>") {
        if !body[i + 4..].trim_start().starts_with("false") {
            return Err(format!("fn {name} has a wildcard arm that is not `false`"));
        }
    }
    Ok(variants_after(body, "Rule::").collect())
}

#[test]
fn rule_masks_are_the_questions_their_hooks_name() {
    let mut checked = 0;
    let mut problems = Vec::new();
    for (path, src) in SOURCES {
        for block in src.split("Script {").skip(1) {
            let block = &block[..block.find("..BLANK").unwrap_or(block.len())];
            let Some(at) = block.find("\n        rule_on: ") else {
                continue;
            };
            let decl = declared(&block[at..]);
            let name = block
                .split("rule: Some(")
                .nth(1)
                .and_then(|s| s.split(')').next())
                .unwrap_or_else(|| panic!("{path}: rule_on without rule"));
            let name = name.rsplit("::").next().unwrap();
            match named_rules(src, name) {
                Ok(named) if named == decl => checked += 1,
                Ok(named) => problems.push(format!(
                    "{path}: rule_on of fn {name} declares {decl:?}, its source names {named:?}"
                )),
                Err(e) => problems.push(format!("{path}: {e}; keep the default (every rule)")),
            }
            // Every kind declared exists (a typo would not compile; keep the count honest).
            // (Kinds, not bits: the rarest kinds share a bit, `RuleKind::bit`.)
            let kinds = RuleKind::ALL
                .iter()
                .filter(|k| decl.contains(&format!("{k:?}")))
                .count();
            assert_eq!(kinds, decl.len(), "{path} {name}");
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
    // Every script with a mask was found in the sources.
    let masked = all_scripts()
        .filter(|s| s.rule.is_some() && s.rule_on != ALL_RULES)
        .count();
    assert_eq!(checked, masked);
    assert!(checked > 40, "only {checked} rule masks checked");
}

#[test]
fn rule_kinds_are_distinct_and_other_is_in_no_declared_mask() {
    // Each kind below `SHARED_BIT` has a bit of its own; the kinds from it on (but `Other`)
    // share that bit; `Other` has the last bit, which no other kind has.
    let mut all: RuleMask = 0;
    for (i, k) in RuleKind::ALL.iter().enumerate() {
        assert_eq!(*k as usize, i, "{k:?} out of order in RuleKind::ALL");
        let b = k.bit();
        assert_eq!(b.count_ones(), 1, "{k:?}");
        if *k == RuleKind::Other {
            assert_eq!(b, 1 << 63);
        } else if i >= SHARED_BIT as usize {
            assert_eq!(b, 1 << SHARED_BIT, "{k:?}");
        } else {
            assert_eq!(all & b, 0, "{k:?} shares a bit");
        }
        all |= b;
    }
    assert_eq!(RuleKind::ALL.last(), Some(&RuleKind::Other));
    assert_eq!(all.count_ones(), SHARED_BIT as u32 + 2);
    assert_eq!(Rule::CannotWin.kind(), RuleKind::CannotWin);
    assert_eq!(Rule::GainsSurge(3).kind(), RuleKind::GainsSurge);
    for s in all_scripts().filter(|s| s.rule_on != ALL_RULES) {
        assert_eq!(s.rule_on & RuleKind::Other.bit(), 0, "{}", s.code);
    }
}
