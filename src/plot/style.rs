//! What every picture shares: colours, fonts, the SVG canvas and number formats.

use anyhow::{anyhow, Result};
use plotters::coord::Shift;
use plotters::prelude::*;

/// The drawing area every picture draws on.
pub type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;

/// Seat colours (seat 1, 2, 3, 4), also deck A and deck B of a comparison.
pub const SEAT: [RGBColor; 4] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(148, 103, 189),
];
/// Outcome colours.
pub const WIN: RGBColor = RGBColor(44, 160, 44);
pub const LOSS_THREAT: RGBColor = RGBColor(214, 39, 40);
pub const LOSS_HEROES: RGBColor = RGBColor(140, 86, 75);
pub const LOSS_SCENARIO: RGBColor = RGBColor(148, 103, 189);
pub const LOSS_ANY: RGBColor = RGBColor(214, 39, 40);
pub const ROUND_CAP: RGBColor = RGBColor(127, 127, 127);
/// The threat-50 line.
pub const LIMIT: RGBColor = RGBColor(200, 0, 0);
pub const INK: RGBColor = RGBColor(34, 34, 34);
pub const GRID: RGBColor = RGBColor(225, 225, 225);

pub const FONT: &str = "sans-serif";

/// Text of `size` pixels in the picture's font.
pub fn font(size: u32) -> TextStyle<'static> {
    // plotters writes font-size as size / 1.24 in SVG: scale up so `size` pixels come out.
    (FONT, size as f64 * 1.24).into_font().color(&INK)
}

/// Turns a plotters error into an `anyhow` error.
pub trait Drawn<T> {
    fn drawn(self) -> Result<T>;
}

impl<T, E: std::fmt::Debug> Drawn<T> for std::result::Result<T, E> {
    fn drawn(self) -> Result<T> {
        self.map_err(|e| anyhow!("cannot draw the picture: {e:?}"))
    }
}

/// An SVG of `w` × `h` pixels drawn by `draw` on a white canvas.
pub fn svg(w: u32, h: u32, draw: impl FnOnce(&Area) -> Result<()>) -> Result<String> {
    let mut s = String::new();
    {
        let root = SVGBackend::with_string(&mut s, (w, h)).into_drawing_area();
        root.fill(&WHITE).drawn()?;
        draw(&root)?;
        root.present().drawn()?;
    }
    s.push('\n');
    Ok(s)
}

/// A message in the middle of an area (a picture without the data it needs).
pub fn note(area: &Area, msg: &str) -> Result<()> {
    let (w, h) = area.dim_in_pixel();
    area.draw(&Text::new(
        msg.to_string(),
        (w as i32 / 2, h as i32 / 2),
        font(14).pos(plotters::style::text_anchor::Pos::new(
            plotters::style::text_anchor::HPos::Center,
            plotters::style::text_anchor::VPos::Center,
        )),
    ))
    .drawn()
}

/// Text anchored at its centre.
pub fn centred(size: u32) -> TextStyle<'static> {
    use plotters::style::text_anchor::{HPos, Pos, VPos};
    font(size).pos(Pos::new(HPos::Center, VPos::Center))
}

/// Text anchored at its left end, vertically centred.
pub fn left(size: u32) -> TextStyle<'static> {
    use plotters::style::text_anchor::{HPos, Pos, VPos};
    font(size).pos(Pos::new(HPos::Left, VPos::Center))
}

/// A percentage with as many decimals as a small value needs (0.41%, 0.021%, 12.3%).
pub fn pct(x: f64) -> String {
    let p = 100.0 * x;
    if p == 0.0 {
        "0%".to_string()
    } else if p.abs() >= 10.0 {
        format!("{p:.1}%")
    } else if p.abs() >= 0.1 {
        format!("{p:.2}%")
    } else {
        format!("{p:.3}%")
    }
}

/// An axis tick of a percentage axis, in percent, without trailing zeros.
pub fn tick(x: f64) -> String {
    let s = if x.abs() >= 1.0 || x == 0.0 {
        format!("{x:.1}")
    } else {
        format!("{x:.4}")
    };
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// Pixels a label of `chars` characters needs at `size` pixels (a generous estimate for a
/// proportional sans-serif font).
pub fn text_width(chars: usize, size: u32) -> u32 {
    (chars as f64 * size as f64 * 0.56).ceil() as u32
}

/// The grid of small panels for `n` configurations: (rows, columns).
pub fn grid(n: usize) -> (usize, usize) {
    match n {
        0 | 1 => (1, 1),
        2 => (1, 2),
        3 | 4 => (2, 2),
        _ => (n.div_ceil(3), 3),
    }
}
