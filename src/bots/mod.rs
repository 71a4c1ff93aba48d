//! Player bots behind one trait, registered in one table (`BOTS`).
//!
//! A bot is named on the command line by a *spec*: `NAME` or `NAME:key=value,key=value`
//! (`--bot lookahead:rollouts=8,depth=2`). [`parse`] splits a spec, [`canonical`] gives the
//! spelling used in reports and run keys (the name, then the options that differ from their
//! defaults in the order the bot lists them), and [`make_spec`] builds the bot, with an error
//! naming the bot, the option and the valid ones for an unknown option or a bad value.

pub use crate::engine::Bot;
use std::sync::OnceLock;

/// One option of a bot: `--bot NAME:name=value`.
pub struct BotOption {
    pub name: &'static str,
    /// The value used when the option is not given, as it is spelled on the command line.
    pub default: &'static str,
    pub about: &'static str,
}

/// Parsed `key=value` options of a spec, in the order given.
pub type Options = Vec<(String, String)>;

/// Builds a bot from its options, or says why it cannot.
pub type MakeBot = fn(&[(String, String)]) -> Result<Box<dyn Bot>, String>;

pub struct BotInfo {
    pub name: &'static str,
    pub about: &'static str,
    /// Every option the bot takes (empty: none).
    pub options: fn() -> &'static [BotOption],
    /// Build the bot from its `key=value` options (parsed, not yet checked).
    pub make: MakeBot,
    /// The spec `soak` and the conformance suite play: the bot at a small budget.
    pub soak: &'static str,
}

pub mod basic;
pub mod lookahead;
pub mod random;

pub static BOTS: &[BotInfo] = &[
    BotInfo {
        name: "basic",
        about: "a careful rule-of-thumb player: safe defence, kill-only attacks, measured questing",
        options: basic_options,
        make: |o| Ok(Box::new(basic::BasicBot::from_options(o)?)),
        soak: "basic",
    },
    BotInfo {
        name: "lookahead",
        about: "searches with the engine: each option of a decision that matters is played on in \
                re-sampled (determinized) copies of the game with `basic` to a round horizon, \
                and scored (win / loss / a state value); the best mean is taken",
        options: || lookahead::OPTIONS,
        make: |o| Ok(Box::new(lookahead::LookaheadBot::from_options(o)?)),
        soak: "lookahead:rollouts=1,depth=1,width=2",
    },
    BotInfo {
        name: "random",
        about: "uniform over the legal options (seeded); a baseline and a stress test",
        options: || &[],
        make: |o| {
            no_options("random", o)?;
            Ok(Box::new(random::RandomBot::new()))
        },
        soak: "random",
    },
];

/// `basic`'s options: `style` and every weight (`basic::weights`), defaults spelled once.
fn basic_options() -> &'static [BotOption] {
    static O: OnceLock<Vec<BotOption>> = OnceLock::new();
    O.get_or_init(|| {
        let styles: Vec<String> = basic::weights::STYLES
            .iter()
            .map(|s| format!("{} ({})", s.0, s.1))
            .collect();
        let mut v = vec![BotOption {
            name: "style",
            default: "balanced",
            about: Box::leak(
                format!("play style, applied first: {}", styles.join("; ")).into_boxed_str(),
            ),
        }];
        for &(name, about, d) in basic::weights::PARAMS {
            v.push(BotOption {
                name,
                default: Box::leak(d.to_string().into_boxed_str()),
                about,
            });
        }
        v
    })
}

/// Error unless `opts` is empty (for a bot that takes no options).
pub fn no_options(bot: &str, opts: &[(String, String)]) -> Result<(), String> {
    match opts.first() {
        None => Ok(()),
        Some((k, _)) => Err(format!(
            "bot `{bot}` has no option `{k}`: it takes no options"
        )),
    }
}

/// The registered bot called `name`.
pub fn info(name: &str) -> Option<&'static BotInfo> {
    BOTS.iter().find(|b| b.name == name)
}

/// The names of every bot, comma-separated.
pub fn names() -> String {
    BOTS.iter().map(|b| b.name).collect::<Vec<_>>().join(", ")
}

/// Split a spec `NAME[:key=value,...]` into the registered bot and its options (keys and
/// values trimmed; a key given twice is an error). Option keys are not checked here: the
/// bot's `make` does it.
pub fn parse(spec: &str) -> Result<(&'static BotInfo, Options), String> {
    let (name, rest) = match spec.split_once(':') {
        Some((n, r)) => (n.trim(), Some(r)),
        None => (spec.trim(), None),
    };
    let Some(b) = info(name) else {
        return Err(format!("unknown bot `{name}`; valid bots: {}", names()));
    };
    let mut opts: Options = Vec::new();
    if let Some(rest) = rest {
        for item in rest.split(',') {
            let Some((k, v)) = item.split_once('=') else {
                return Err(format!(
                    "bot `{name}`: option `{}` must be written KEY=VALUE (spec `{spec}`){}",
                    item.trim(),
                    option_list(b)
                ));
            };
            let (k, v) = (k.trim(), v.trim());
            if k.is_empty() || v.is_empty() {
                return Err(format!(
                    "bot `{name}`: option `{}` needs a name and a value (spec `{spec}`){}",
                    item.trim(),
                    option_list(b)
                ));
            }
            if opts.iter().any(|(x, _)| x == k) {
                return Err(format!("bot `{name}`: option `{k}` is given twice"));
            }
            opts.push((k.to_string(), v.to_string()));
        }
    }
    Ok((b, opts))
}

/// "; its options: a, b" for messages (empty when the bot lists none).
pub fn option_list(b: &BotInfo) -> String {
    let options = (b.options)();
    if options.is_empty() {
        String::new()
    } else {
        format!(
            "; options of `{}`: {}",
            b.name,
            options
                .iter()
                .map(|o| format!("{} (default {})", o.name, o.default))
                .collect::<Vec<_>>()
                .join(", ")
        )
    }
}

/// Build the bot a spec names; `Err` is a usage message (unknown bot, unknown option, bad
/// value), naming the bot, the option and the valid ones.
pub fn make_spec(spec: &str) -> Result<Box<dyn Bot>, String> {
    let (b, opts) = parse(spec)?;
    (b.make)(&opts)
}

/// The spelling of a valid spec used in reports, run keys and checkpoints: the name, then the
/// options whose value differs from the default, in the order the bot lists them (options it
/// does not list keep their given order, after). So `lookahead` and `lookahead:depth=<default>`
/// are one run, and different budgets are different runs.
pub fn canonical(spec: &str) -> Result<String, String> {
    let (b, mut opts) = parse(spec)?;
    (b.make)(&opts)?;
    let options = (b.options)();
    opts.retain(|(k, v)| options.iter().all(|o| o.name != k || o.default != v));
    let rank = |k: &str| {
        options
            .iter()
            .position(|o| o.name == k)
            .unwrap_or(usize::MAX)
    };
    opts.sort_by_key(|(k, _)| rank(k));
    if opts.is_empty() {
        return Ok(b.name.to_string());
    }
    let list: Vec<String> = opts.iter().map(|(k, v)| format!("{k}={v}")).collect();
    Ok(format!("{}:{}", b.name, list.join(",")))
}

/// The bot a spec names, or `None` for an invalid spec (see [`make_spec`] for the message).
pub fn make(spec: &str) -> Option<Box<dyn Bot>> {
    make_spec(spec).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse_and_canonicalise() {
        assert!(make("basic").is_some());
        assert!(make("random").is_some());
        assert!(make("lookahead").is_some());
        assert!(make("lookahead:rollouts=3,depth=1").is_some());
        assert_eq!(canonical(" lookahead ").unwrap(), "lookahead");
        assert_eq!(
            canonical("lookahead:depth=3, rollouts=5").unwrap(),
            "lookahead:rollouts=5,depth=3"
        );
        let d = lookahead::OPTIONS[0].default;
        assert_eq!(
            canonical(&format!("lookahead:rollouts={d}")).unwrap(),
            "lookahead"
        );
        let e = make_spec("lookahead:bogus=1").err().unwrap();
        assert!(
            e.contains("lookahead") && e.contains("bogus") && e.contains("rollouts"),
            "{e}"
        );
        let e = make_spec("lookahead:rollouts=many").err().unwrap();
        assert!(e.contains("rollouts") && e.contains("many"), "{e}");
        let e = make_spec("lookahead:rollouts").err().unwrap();
        assert!(e.contains("KEY=VALUE"), "{e}");
        let e = make_spec("lookahead:depth=1,depth=2").err().unwrap();
        assert!(e.contains("twice"), "{e}");
        let e = make_spec("random:x=1").err().unwrap();
        assert!(e.contains("random") && e.contains("`x`"), "{e}");
        let e = make_spec("basic:x=1").err().unwrap();
        assert!(e.contains("basic") && e.contains("`x`"), "{e}");
        assert_eq!(canonical("basic:style=balanced").unwrap(), "basic");
        let w = basic::weights::PARAMS[0];
        assert_eq!(
            canonical(&format!("basic:{}=99,style=rush", w.0)).unwrap(),
            format!("basic:style=rush,{}=99", w.0)
        );
        let e = make_spec("nobody").err().unwrap();
        assert!(e.contains("unknown bot") && e.contains("lookahead"), "{e}");
    }
}
