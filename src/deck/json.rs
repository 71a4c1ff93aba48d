//! A small JSON reader for RingsDB deck files: values keep the line they start on, so deck
//! errors can name it, and syntax errors report line and column. Numbers are kept as text.

/// A JSON value with the 1-based line where it starts.
#[derive(Clone, Debug, PartialEq)]
pub struct Value {
    pub line: usize,
    pub kind: Kind,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    Null,
    Bool(bool),
    /// A number, as written.
    Number(String),
    String(String),
    Array(Vec<Value>),
    /// Members in file order: (key, key's line, value).
    Object(Vec<(String, usize, Value)>),
}

impl Value {
    /// The member `key` of an object.
    pub fn get(&self, key: &str) -> Option<&Value> {
        match &self.kind {
            Kind::Object(m) => m.iter().find(|(k, _, _)| k == key).map(|(_, _, v)| v),
            _ => None,
        }
    }
    pub fn as_str(&self) -> Option<&str> {
        match &self.kind {
            Kind::String(s) => Some(s),
            _ => None,
        }
    }
    /// What kind of value this is, for error messages.
    pub fn describe(&self) -> &'static str {
        match self.kind {
            Kind::Null => "null",
            Kind::Bool(_) => "a boolean",
            Kind::Number(_) => "a number",
            Kind::String(_) => "a string",
            Kind::Array(_) => "an array",
            Kind::Object(_) => "an object",
        }
    }
}

/// A syntax error: 1-based line and column, and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

struct Parser<'t> {
    s: &'t [u8],
    text: &'t str,
    pos: usize,
    line: usize,
    line_start: usize,
    depth: usize,
}

/// Deepest nesting accepted (a deck file is 2-3 levels deep).
const MAX_DEPTH: usize = 64;

/// Parses one JSON document (trailing whitespace allowed, nothing else after it).
pub fn parse(text: &str) -> Result<Value, SyntaxError> {
    let mut p = Parser {
        s: text.as_bytes(),
        text,
        pos: 0,
        line: 1,
        line_start: 0,
        depth: 0,
    };
    p.ws();
    let v = p.value()?;
    p.ws();
    if p.pos < p.s.len() {
        return Err(p.err("unexpected text after the end of the JSON document"));
    }
    Ok(v)
}

impl Parser<'_> {
    fn err(&self, message: &str) -> SyntaxError {
        let column = self.text[self.line_start..self.pos.min(self.s.len())]
            .chars()
            .count()
            + 1;
        SyntaxError {
            line: self.line,
            column,
            message: message.to_string(),
        }
    }

    fn ws(&mut self) {
        while let Some(&c) = self.s.get(self.pos) {
            match c {
                b'\n' => {
                    self.pos += 1;
                    self.line += 1;
                    self.line_start = self.pos;
                }
                b' ' | b'\t' | b'\r' => self.pos += 1,
                _ => break,
            }
        }
    }

    fn peek(&self) -> Option<u8> {
        self.s.get(self.pos).copied()
    }

    fn expect(&mut self, c: u8, what: &str) -> Result<(), SyntaxError> {
        if self.peek() == Some(c) {
            self.pos += 1;
            Ok(())
        } else if self.peek().is_none() {
            Err(self.err(&format!("the file ends early: expected {what}")))
        } else {
            Err(self.err(&format!("expected {what}")))
        }
    }

    fn value(&mut self) -> Result<Value, SyntaxError> {
        let line = self.line;
        let kind = match self.peek() {
            None => return Err(self.err("the file ends early: expected a value")),
            Some(b'{') => self.object()?,
            Some(b'[') => self.array()?,
            Some(b'"') => Kind::String(self.string()?),
            Some(b't') => self.word("true", Kind::Bool(true))?,
            Some(b'f') => self.word("false", Kind::Bool(false))?,
            Some(b'n') => self.word("null", Kind::Null)?,
            Some(c) if c == b'-' || c.is_ascii_digit() => self.number()?,
            Some(_) => {
                return Err(self
                    .err("expected a value (object, array, string, number, true, false or null)"))
            }
        };
        Ok(Value { line, kind })
    }

    fn word(&mut self, w: &str, k: Kind) -> Result<Kind, SyntaxError> {
        if self.s[self.pos..].starts_with(w.as_bytes()) {
            self.pos += w.len();
            Ok(k)
        } else {
            Err(self.err("expected a value (object, array, string, number, true, false or null)"))
        }
    }

    fn number(&mut self) -> Result<Kind, SyntaxError> {
        let start = self.pos;
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        let digits = |p: &mut Self| {
            let s = p.pos;
            while p.peek().is_some_and(|c| c.is_ascii_digit()) {
                p.pos += 1;
            }
            p.pos > s
        };
        if !digits(self) {
            return Err(self.err("expected digits in a number"));
        }
        if self.peek() == Some(b'.') {
            self.pos += 1;
            if !digits(self) {
                return Err(self.err("expected digits after the decimal point"));
            }
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.pos += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.pos += 1;
            }
            if !digits(self) {
                return Err(self.err("expected digits in the exponent"));
            }
        }
        Ok(Kind::Number(self.text[start..self.pos].to_string()))
    }

    fn hex4(&mut self) -> Result<u32, SyntaxError> {
        let h = self
            .text
            .get(self.pos..self.pos + 4)
            .and_then(|h| u32::from_str_radix(h, 16).ok())
            .ok_or_else(|| self.err("expected 4 hex digits after \\u"))?;
        self.pos += 4;
        Ok(h)
    }

    fn string(&mut self) -> Result<String, SyntaxError> {
        self.pos += 1; // opening quote
        let mut out = String::new();
        loop {
            let start = self.pos;
            while self
                .peek()
                .is_some_and(|c| c != b'"' && c != b'\\' && c != b'\n')
            {
                self.pos += 1;
            }
            out.push_str(&self.text[start..self.pos]);
            match self.peek() {
                None | Some(b'\n') => {
                    return Err(self.err("unterminated string (missing closing quote)"))
                }
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(out);
                }
                _ => {
                    self.pos += 1;
                    let c = self.peek().ok_or_else(|| self.err("unterminated string"))?;
                    self.pos += 1;
                    match c {
                        b'"' => out.push('"'),
                        b'\\' => out.push('\\'),
                        b'/' => out.push('/'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'n' => out.push('\n'),
                        b'r' => out.push('\r'),
                        b't' => out.push('\t'),
                        b'u' => {
                            let mut u = self.hex4()?;
                            if (0xD800..0xDC00).contains(&u)
                                && self.s[self.pos..].starts_with(b"\\u")
                            {
                                self.pos += 2;
                                let lo = self.hex4()?;
                                u = 0x10000
                                    + ((u - 0xD800) << 10)
                                    + (lo.wrapping_sub(0xDC00) & 0x3FF);
                            }
                            out.push(char::from_u32(u).unwrap_or('\u{FFFD}'));
                        }
                        _ => {
                            self.pos -= 1;
                            return Err(self.err("unknown escape sequence in a string"));
                        }
                    }
                }
            }
        }
    }

    fn nest(&mut self) -> Result<(), SyntaxError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.err("nested too deeply"));
        }
        Ok(())
    }

    fn array(&mut self) -> Result<Kind, SyntaxError> {
        self.nest()?;
        self.pos += 1;
        let mut items = Vec::new();
        self.ws();
        if self.peek() == Some(b']') {
            self.pos += 1;
            self.depth -= 1;
            return Ok(Kind::Array(items));
        }
        loop {
            self.ws();
            items.push(self.value()?);
            self.ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    self.depth -= 1;
                    return Ok(Kind::Array(items));
                }
                _ => return self.expect(b']', "`,` or `]`").map(|_| Kind::Null),
            }
        }
    }

    fn object(&mut self) -> Result<Kind, SyntaxError> {
        self.nest()?;
        self.pos += 1;
        let mut members = Vec::new();
        self.ws();
        if self.peek() == Some(b'}') {
            self.pos += 1;
            self.depth -= 1;
            return Ok(Kind::Object(members));
        }
        loop {
            self.ws();
            if self.peek() != Some(b'"') {
                return Err(if self.peek() == Some(b'}') {
                    self.err("trailing comma before `}`")
                } else {
                    self.err("expected a member name in double quotes")
                });
            }
            let key_line = self.line;
            let key = self.string()?;
            self.ws();
            self.expect(b':', "`:` after the member name")?;
            self.ws();
            let v = self.value()?;
            members.push((key, key_line, v));
            self.ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    self.depth -= 1;
                    return Ok(Kind::Object(members));
                }
                _ => return self.expect(b'}', "`,` or `}`").map(|_| Kind::Null),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_values_with_lines() {
        let v = parse(
            "{\n \"a\": [1, -2.5e3, \"x\\u00e9\\n\"],\n \"b\": {\"c\": null, \"d\": true}\n}",
        )
        .unwrap();
        let a = v.get("a").unwrap();
        assert_eq!(a.line, 2);
        let Kind::Array(items) = &a.kind else {
            panic!()
        };
        assert_eq!(items[1].kind, Kind::Number("-2.5e3".into()));
        assert_eq!(items[2].as_str(), Some("xé\n"));
        assert_eq!(v.get("b").unwrap().line, 3);
        assert_eq!(v.get("b").unwrap().get("d").unwrap().kind, Kind::Bool(true));
        assert_eq!(parse("\"\\ud83d\\ude00\"").unwrap().as_str(), Some("😀"));
    }

    #[test]
    fn syntax_errors_name_line_and_column() {
        let e = parse("{\n  \"a\": 1,\n  \"b\" 2\n}").unwrap_err();
        assert_eq!((e.line, e.column), (3, 7), "{e:?}");
        assert!(e.message.contains("`:`"));
        let e = parse("{\"a\": 1,}").unwrap_err();
        assert!(e.message.contains("trailing comma"), "{e:?}");
        let e = parse("{\"a\": [1, 2").unwrap_err();
        assert!(e.message.contains("ends early"), "{e:?}");
        let e = parse("{} x").unwrap_err();
        assert!(e.message.contains("after the end"), "{e:?}");
        assert!(parse(&"[".repeat(100)).is_err());
    }
}
