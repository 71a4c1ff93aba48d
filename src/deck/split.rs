//! Files with several decks: where one deck of a text list ends and the next begins.
//!
//! A new deck starts at a separator line whose number differs from the current deck's
//! (`Player 2`, `Deck #2: Rohan`, `Second deck`), or at a hero heading once the current deck
//! has had its heroes and then other cards (two RingsDB exports pasted one after the other);
//! then the deck's name lines just above that heading go with the new deck. A sideboard belongs
//! to the deck it follows.

use super::headings::{heading, separator};
use super::*;

/// Most decks one file may hold.
pub const MAX_DECKS: usize = 8;

/// One deck's lines: [start, end) as 0-based line indexes of the whole text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Chunk {
    pub(super) start: usize,
    pub(super) end: usize,
}

/// What the scan knows about the current deck.
#[derive(Default)]
struct State {
    number: Option<usize>,
    /// Card lines read so far.
    cards: bool,
    /// A hero section with lines in it.
    heroes: bool,
    /// Card lines outside a hero section after the heroes.
    others_after_heroes: bool,
    in_heroes: bool,
}

/// Cuts a text list into decks; a file with one deck is one chunk.
pub(super) fn split_decks(lines: &[&str], db: &CardDb) -> LineResult<Vec<Chunk>> {
    let mut starts: Vec<usize> = vec![0];
    let mut st = State::default();
    for (i, raw) in lines.iter().enumerate() {
        let s = clean_line(raw);
        if s.is_empty() || s.starts_with("//") {
            continue;
        }
        let mut body = s.clone();
        if let Some((n, rest)) = separator(&s) {
            if st.number.is_some_and(|k| k != n) && st.cards
                || st.number.is_none() && st.cards && n > 1
            {
                starts.push(i);
                st = State::default();
            }
            st.number = Some(n);
            if rest.is_empty() {
                continue;
            }
            body = rest;
        }
        let head = heading(&body).or_else(|| {
            body.split_once(':')
                .and_then(|(l, r)| heading(l).filter(|_| !r.trim().is_empty()))
        });
        if let Some(h) = head {
            let hero = h == Section::Cards(Hint::of_type(Some(CardType::Hero)));
            if hero && st.heroes && st.others_after_heroes {
                let at = walk_back(lines, i, *starts.last().unwrap_or(&0), db);
                starts.push(at);
                st = State::default();
            }
            st.in_heroes = hero;
            // "Heroes: Aragorn, Legolas" carries its cards on the line.
            if body.contains(':') && heading(&body).is_none() {
                st.cards = true;
                st.heroes |= hero;
            }
            continue;
        }
        if split_quantity(&body).is_some() || !super::headings::is_prose(&body) {
            st.cards = true;
            if st.in_heroes {
                st.heroes = true;
            } else if st.heroes {
                st.others_after_heroes = true;
            }
        }
    }
    if starts.len() > MAX_DECKS {
        return Err((
            starts[MAX_DECKS] + 1,
            format!(
                "the file holds more than {MAX_DECKS} decks (a new deck starts here); split it into files of at most {MAX_DECKS} decks"
            ),
        ));
    }
    let mut out: Vec<Chunk> = Vec::with_capacity(starts.len());
    for (k, &start) in starts.iter().enumerate() {
        let end = starts.get(k + 1).copied().unwrap_or(lines.len());
        out.push(Chunk { start, end });
    }
    Ok(out)
}

/// Where the deck whose hero heading is at line `at` begins: the block of name lines directly
/// above it (no count, no heading, not a card title), up to a blank line.
fn walk_back(lines: &[&str], at: usize, floor: usize, db: &CardDb) -> usize {
    let mut i = at;
    // Blank lines between the name and the heading.
    while i > floor + 1 && clean_line(lines[i - 1]).is_empty() {
        i -= 1;
    }
    let mut start = at;
    let mut taken = 0;
    while i > floor + 1 && taken < 3 {
        let s = clean_line(lines[i - 1]);
        let (n, set) = split_set(&s);
        if s.is_empty()
            || split_quantity(&s).is_some()
            || heading(&s).is_some()
            || !matches!(resolve_name(n, set, Hint::default(), db), Found::Unknown(_))
        {
            break;
        }
        i -= 1;
        taken += 1;
        start = i;
    }
    start
}
