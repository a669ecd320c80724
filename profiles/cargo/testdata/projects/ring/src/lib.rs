//! A fixed-size ring buffer with bugs put in on purpose.

pub struct Ring {
    buf: Vec<i32>,
    head: usize,
    len: usize,
}

impl Ring {
    pub fn new(cap: usize) -> Self {
        Ring { buf: vec![0; cap], head: 0, len: 0 }
    }

    pub fn push(&mut self, v: i32) {
        let i = (self.head + self.len) % self.buf.len();
        self.buf[i] = v;
        if self.len < self.buf.len() {
            self.len += 1;
        } // bug: a full ring does not move its head
    }

    pub fn pop(&mut self) -> Option<i32> {
        if self.len == 0 {
            return None;
        }
        let v = self.buf[self.head];
        self.head += 1; // bug: no wrap
        self.len -= 1;
        Some(v)
    }

    pub fn get(&self, i: usize) -> i32 {
        self.buf[self.head + i] // bug: no wrap, no bounds check
    }

    pub fn sum(&self) -> i32 {
        self.buf.iter().sum() // bug: sums stale slots
    }

    pub fn len(&self) -> usize {
        self.len
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_and_len() {
        let mut r = Ring::new(3);
        r.push(1);
        r.push(2);
        assert_eq!(r.len(), 2);
    }

    #[test]
    fn overwrite_oldest() {
        let mut r = Ring::new(2);
        r.push(1);
        r.push(2);
        r.push(3);
        assert_eq!(r.pop(), Some(2));
    }

    #[test]
    fn pop_wraps() {
        let mut r = Ring::new(2);
        r.push(1);
        r.pop();
        r.push(2);
        r.push(3);
        r.pop();
        assert_eq!(r.pop(), Some(3));
    }

    #[test]
    fn get_past_end_panics_cleanly() {
        let mut r = Ring::new(2);
        r.push(1);
        r.push(2);
        r.pop();
        r.push(3);
        assert_eq!(r.get(1), 3);
    }

    #[test]
    fn sum_of_live_values() {
        let mut r = Ring::new(3);
        r.push(5);
        r.pop();
        r.push(1);
        assert_eq!(r.sum(), 1);
    }

    #[test]
    fn empty_pop_without_error() {
        let mut r = Ring::new(1);
        assert_eq!(r.pop(), None);
    }

    #[test]
    fn zero_capacity() {
        let mut r = Ring::new(0);
        r.push(1);
    }
}
