//! A fast zlib stream for pictures made of rows (RFC 1950 and 1951, written from the
//! specifications): each block is Huffman coded with its own tables, and the copies looked
//! for first are the cheapest ones a picture offers, the bytes of the row above and runs of
//! one byte. Where rows repeat (a quarter of a block's rows or more: cells several pixels
//! tall), earlier bytes are also found through hash chains of four bytes, as general
//! deflaters do, and their other rows' patterns compress too; where every row differs
//! (small cells) that search finds little and is skipped. Maze pictures compress about as
//! well as with a general deflater's default level, several times faster.
//!
//! Input is taken a piece at a time and deflated in blocks of [`BLOCK`] bytes, so a picture
//! taller than memory can be streamed; [`Stored`](Mode::Stored) writes the same stream
//! without compressing.

/// Input bytes per deflate block.
pub(crate) const BLOCK: usize = 256 << 10;

/// The longest copy deflate can express.
const MAX_MATCH: usize = 258;

/// Copies shorter than this are sent as literals (a short copy costs about as much); the
/// matcher tests four bytes at once, so it is 4.
const MIN_MATCH: usize = 4;

/// The farthest back a copy may reach.
const WINDOW: usize = 32 << 10;

/// How the blocks are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Stored blocks: no compression.
    Stored,
    /// Huffman-coded literals, runs, copies of the row above and (where rows repeat) of
    /// earlier bytes.
    Rows,
}

/// A zlib stream being written: the input not yet deflated (after the last row's worth of
/// bytes already sent, which copies may reach back into) and the output not yet taken.
pub(crate) struct RowDeflater {
    mode: Mode,
    /// The distance of the row above (0: no row copies).
    stride: usize,
    /// Bytes already deflated that copies may still refer to, then the pending input.
    buffer: Vec<u8>,
    /// How many leading bytes of `buffer` are history.
    history: usize,
    adler: Adler32,
    bits: BitWriter,
    /// Scratch: the current block as literals and copies.
    tokens: Vec<u32>,
    /// The last position in `buffer` (plus one; 0 for none) of each hash of four bytes.
    table: Vec<u32>,
    /// The position before, with the same hash, of each position (by position modulo the
    /// window; plus one, 0 for none): the chains the matcher follows.
    prev: Vec<u32>,
    /// The position in the stream of `buffer[0]` (rows start at multiples of `stride`).
    base: usize,
}

impl RowDeflater {
    /// A stream of rows `stride` bytes apart (copies of the row above are looked for when
    /// it is within deflate's window), the zlib header already in the output.
    pub(crate) fn new(mode: Mode, stride: usize) -> Self {
        let mut bits = BitWriter::default();
        // CMF: deflate, 32 KiB window; FLG: "fastest" and the check bits (0x7801 % 31 == 0).
        bits.out.extend_from_slice(&[0x78, 0x01]);
        let stride = if (1..=WINDOW).contains(&stride) { stride } else { 0 };
        RowDeflater {
            mode,
            stride,
            buffer: Vec::new(),
            history: 0,
            adler: Adler32::default(),
            bits,
            tokens: Vec::new(),
            table: Vec::new(),
            prev: Vec::new(),
            base: 0,
        }
    }

    /// Adds input; whole blocks are deflated as they fill.
    pub(crate) fn write(&mut self, mut data: &[u8]) {
        self.adler.update(data);
        while !data.is_empty() {
            let room = BLOCK - (self.buffer.len() - self.history);
            let take = room.min(data.len());
            self.buffer.extend_from_slice(&data[..take]);
            data = &data[take..];
            if self.buffer.len() - self.history == BLOCK {
                self.block(false);
            }
        }
    }

    /// The compressed bytes so far (whole bytes only; the rest follow later).
    pub(crate) fn output(&mut self) -> &mut Vec<u8> {
        &mut self.bits.out
    }

    /// Deflates what is pending as the last block and ends the stream with its checksum;
    /// returns the rest of the output.
    pub(crate) fn finish(mut self) -> Vec<u8> {
        self.block(true);
        self.bits.align();
        let sum = self.adler.sum();
        self.bits.out.extend_from_slice(&sum.to_be_bytes());
        self.bits.out
    }

    /// Deflates the pending input as one block (or, stored, as many as it takes), then keeps
    /// its last row as history.
    fn block(&mut self, last: bool) {
        let start = self.history;
        match self.mode {
            Mode::Stored => self.stored(start, last),
            Mode::Rows => self.huffman(start, last),
        }
        // The window stays as history, for copies from the next block.
        let keep = WINDOW.min(self.buffer.len());
        let dropped = self.buffer.len() - keep;
        self.buffer.drain(..dropped);
        self.base += dropped;
        self.history = keep;
        for slot in self.table.iter_mut().chain(&mut self.prev) {
            *slot = slot.saturating_sub(dropped as u32);
        }
        // Positions modulo the window moved with the drop: turn the chain table to match.
        if !self.prev.is_empty() {
            self.prev.rotate_left(dropped % WINDOW);
        }
    }

    fn stored(&mut self, start: usize, last: bool) {
        let data = &self.buffer[start..];
        let mut pieces = data.chunks(0xFFFF).peekable();
        if pieces.peek().is_none() {
            // An empty last block still has to be sent.
            self.bits.write(u64::from(last), 3);
            self.bits.align();
            self.bits.out.extend_from_slice(&[0, 0, 0xFF, 0xFF]);
            return;
        }
        while let Some(piece) = pieces.next() {
            let fin = last && pieces.peek().is_none();
            self.bits.write(u64::from(fin), 3); // BFINAL, then BTYPE 00
            self.bits.align();
            let n = piece.len() as u16;
            self.bits.out.extend_from_slice(&n.to_le_bytes());
            self.bits.out.extend_from_slice(&(!n).to_le_bytes());
            self.bits.out.extend_from_slice(piece);
        }
    }

    fn huffman(&mut self, start: usize, last: bool) {
        let data = &self.buffer;
        let mut lit = [0u32; 286];
        let mut dist = [0u32; 30];
        // Literals are counted in four tables in turn: the same byte again and again (as in
        // pictures) would otherwise wait on its own count.
        let mut bytes = [[0u32; 256]; 4];
        let mut turn = 0;
        self.tokens.clear();
        let stride = self.stride;
        let mut i = start;
        let n = data.len();
        let hash = |at: usize| (four(data, at).wrapping_mul(0x9E37_79B1) >> (32 - HASH_BITS)) as usize;
        // Literals in a row since the last copy: after many, positions are probed less
        // often (pictures of small cells are mostly literals, and their copies are rare).
        let mut misses = 0usize;
        // Looking further back than the row above pays when rows repeat (cells several
        // pixels tall, whose other rows have patterns of their own); in pictures of small
        // cells every row differs and copies from further back are short and rare.
        let search = stride == 0 || {
            let first = start + (stride - (self.base + start) % stride) % stride;
            let rows = (first..n.saturating_sub(stride - 1)).step_by(stride);
            let same = rows
                .clone()
                .filter(|&at| at >= stride && data[at..at + stride] == data[at - stride..at])
                .count();
            4 * same >= rows.len()
        };
        if search && self.table.is_empty() {
            self.table = vec![0; 1 << HASH_BITS];
            self.prev = vec![0; WINDOW];
        }
        let (table, prev) = (&mut self.table, &mut self.prev);
        // The distance codes of the commonest copies, the row above and runs.
        let row_code = distance_code(stride.max(1));
        let code_of = |d: usize| match d {
            1 => (0, 0, 0),
            _ if d == stride => row_code,
            _ => distance_code(d),
        };
        while i < n && !search {
            // Rows that do not repeat: the row above and runs only (the loop kept apart, as
            // small as it can be: it is what pictures of small cells take).
            let mut len = 0;
            let mut distance = 1;
            if i + MIN_MATCH <= n {
                let here = four(data, i);
                let max = MAX_MATCH.min(n - i);
                if stride != 0 && i >= stride && here == four(data, i - stride) {
                    len = match_length(data, i, stride, max);
                    distance = stride;
                } else if i >= 1 && here == four(data, i - 1) {
                    len = match_length(data, i, 1, max);
                }
            }
            if len >= MIN_MATCH {
                let (code, _, _) = length_code(len);
                lit[code] += 1;
                dist[code_of(distance).0] += 1;
                self.tokens.push(MATCH | ((distance - 1) as u32) << 9 | len as u32);
                i += len;
            } else {
                let b = data[i];
                bytes[turn & 3][usize::from(b)] += 1;
                turn += 1;
                self.tokens.push(u32::from(b));
                i += 1;
            }
        }
        while i < n {
            let (len, distance) = probe(data, table, prev, stride, i, misses & skip_mask(misses) == 0);
            if len >= MIN_MATCH {
                let (code, _, _) = length_code(len);
                lit[code] += 1;
                dist[code_of(distance).0] += 1;
                self.tokens.push(MATCH | ((distance - 1) as u32) << 9 | len as u32);
                // The places inside a copy from further back are chained too (those of
                // rows and runs are found as such).
                if distance != 1 && distance != stride && i + len + MIN_MATCH <= n {
                    for j in i + 1..i + len {
                        let h = hash(j);
                        prev[j % WINDOW] = table[h];
                        table[h] = (j + 1) as u32;
                    }
                }
                i += len;
                misses = 0;
            } else {
                let b = data[i];
                bytes[turn & 3][usize::from(b)] += 1;
                turn += 1;
                self.tokens.push(u32::from(b));
                i += 1;
                misses += 1;
            }
        }
        for (b, count) in lit[..256].iter_mut().enumerate() {
            *count = bytes.iter().map(|t| t[b]).sum();
        }
        lit[256] += 1; // end of block
        // Each tree needs two codes at least (a lone code would be incomplete).
        for tree in [&mut lit[..], &mut dist[..]] {
            for slot in 0..2 {
                if tree.iter().filter(|&&f| f > 0).count() < 2 && tree[slot] == 0 {
                    tree[slot] = 1;
                }
            }
        }
        let lit_lengths = code_lengths(&lit, 15);
        let dist_lengths = code_lengths(&dist, 15);
        let lit_codes = canonical(&lit_lengths);
        let dist_codes = canonical(&dist_lengths);
        let w = &mut self.bits;
        w.write(u64::from(last), 1);
        w.write(2, 2); // dynamic Huffman codes
        let hlit = trimmed(&lit_lengths, 257);
        let hdist = trimmed(&dist_lengths, 1);
        let mut all = lit_lengths[..hlit].to_vec();
        all.extend_from_slice(&dist_lengths[..hdist]);
        let runs = run_lengths(&all);
        let mut cl_freq = [0u32; 19];
        for &(sym, _) in &runs {
            cl_freq[usize::from(sym)] += 1;
        }
        let cl_lengths = code_lengths(&cl_freq, 7);
        let cl_codes = canonical(&cl_lengths);
        const ORDER: [usize; 19] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];
        let hclen = ORDER.iter().rposition(|&s| cl_lengths[s] != 0).map_or(4, |p| (p + 1).max(4));
        w.write((hlit - 257) as u64, 5);
        w.write((hdist - 1) as u64, 5);
        w.write((hclen - 4) as u64, 4);
        for &s in &ORDER[..hclen] {
            w.write(u64::from(cl_lengths[s]), 3);
        }
        for &(sym, extra) in &runs {
            let (code, len) = cl_codes[usize::from(sym)];
            w.write(u64::from(code), len);
            match sym {
                16 => w.write(u64::from(extra), 2),
                17 => w.write(u64::from(extra), 3),
                18 => w.write(u64::from(extra), 7),
                _ => {}
            }
        }
        // The data: each literal, or a copy's length and distance codes with their extra bits.
        for &t in &self.tokens {
            if t & MATCH == 0 {
                let (c, l) = lit_codes[t as usize];
                w.write(u64::from(c), l);
            } else {
                let len = (t & 0x1FF) as usize;
                let (code, bits, extra) = length_code(len);
                let (c, l) = lit_codes[code];
                w.write(u64::from(c) | u64::from(extra) << l, l + bits);
                let (dcode, dbits, dextra) = code_of(((t >> 9) & 0x7FFF) as usize + 1);
                let (c, l) = dist_codes[dcode];
                w.write(u64::from(c) | u64::from(dextra) << l, l + dbits);
            }
        }
        let (c, l) = lit_codes[256];
        w.write(u64::from(c), l);
    }
}

/// A token that is a copy (else a literal byte): `MATCH | (distance - 1) << 9 | length`.
const MATCH: u32 = 1 << 31;

/// Hash table size (log 2) for finding earlier copies of four bytes.
const HASH_BITS: u32 = 15;

/// How many earlier places with the same hash the matcher tries.
const CHAIN: usize = 32;

/// A copy of the row above or a run this long is taken without looking further back.
const GOOD_ENOUGH: usize = 32;

/// After `misses` literals in a row, probe the table only at positions where
/// `misses & skip_mask(misses) == 0`: every position for the first 64, then every second,
/// fourth, ... up to every 16th.
#[inline(always)]
fn skip_mask(misses: usize) -> usize {
    (1usize << (misses >> 6).min(4)) - 1
}

/// Four bytes at `at`, to test a copy's first four at once.
#[inline(always)]
fn four(data: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(data[at..at + 4].try_into().expect("4 bytes"))
}

/// The best copy for the bytes from `i` on, as `(length, distance)` (length 0 for none):
/// the row above or a run of one byte if they reach [`GOOD_ENOUGH`], else also the earlier
/// places with the same four bytes, up to [`CHAIN`] of them, if `look_back`. Chains `i` in
/// (`table`, `prev`) when it looks.
#[inline(always)]
fn probe(
    data: &[u8],
    table: &mut [u32],
    prev: &mut [u32],
    stride: usize,
    i: usize,
    look_back: bool,
) -> (usize, usize) {
    let n = data.len();
    if i + MIN_MATCH > n {
        return (0, 0);
    }
    let here = four(data, i);
    let max = MAX_MATCH.min(n - i);
    let (mut len, mut distance) = (0, 0);
    // The cheapest copies first: the row above, then a run of one byte.
    if stride != 0 && i >= stride && here == four(data, i - stride) {
        (len, distance) = (match_length(data, i, stride, max), stride);
    } else if i >= 1 && here == four(data, i - 1) {
        (len, distance) = (match_length(data, i, 1, max), 1);
    }
    if len >= GOOD_ENOUGH || !look_back {
        return (len, distance);
    }
    let h = (here.wrapping_mul(0x9E37_79B1) >> (32 - HASH_BITS)) as usize;
    let mut seen = table[h] as usize;
    prev[i % WINDOW] = seen as u32;
    table[h] = (i + 1) as u32;
    for _ in 0..CHAIN {
        if seen == 0 || i + 1 - seen > WINDOW {
            break;
        }
        let d = i + 1 - seen;
        if four(data, seen - 1) == here {
            let l = match_length(data, i, d, max);
            // A far copy's extra bits cost more than a few literals.
            if l > len && l >= MIN_MATCH {
                (len, distance) = (l, d);
                if l == max {
                    break;
                }
            }
        }
        seen = prev[(seen - 1) % WINDOW] as usize;
    }
    (len, distance)
}

/// How many bytes from `i` on (at most `max`) equal those `distance` before them.
#[inline]
fn match_length(data: &[u8], i: usize, distance: usize, max: usize) -> usize {
    let (a, b) = (&data[i - distance..i - distance + max], &data[i..i + max]);
    let mut n = 0;
    while n + 8 <= max {
        let x = u64::from_le_bytes(a[n..n + 8].try_into().expect("8 bytes"))
            ^ u64::from_le_bytes(b[n..n + 8].try_into().expect("8 bytes"));
        if x != 0 {
            return n + (x.trailing_zeros() / 8) as usize;
        }
        n += 8;
    }
    while n < max && a[n] == b[n] {
        n += 1;
    }
    n
}

/// A copy's length (3..=258) as its literal/length code, extra bit count and extra bits.
fn length_code(len: usize) -> (usize, u32, u32) {
    if len == 258 {
        return (285, 0, 0);
    }
    let l = len - 3;
    if l < 8 {
        return (257 + l, 0, 0);
    }
    let e = l.ilog2() - 2;
    (257 + 4 * (e as usize + 1) + ((l >> e) & 3), e, (l & ((1 << e) - 1)) as u32)
}

/// A copy's distance (1..=32768) as its code, extra bit count and extra bits.
fn distance_code(d: usize) -> (usize, u32, u32) {
    let v = d - 1;
    if v < 4 {
        return (v, 0, 0);
    }
    let e = v.ilog2() - 1;
    (2 * (e as usize + 1) + ((v >> e) & 1), e, (v & ((1 << e) - 1)) as u32)
}

/// How many of `lengths` to send: up to the last non-zero, at least `min`.
fn trimmed(lengths: &[u8], min: usize) -> usize {
    lengths.iter().rposition(|&l| l != 0).map_or(min, |p| (p + 1).max(min))
}

/// Code lengths as the code-length alphabet: `(symbol, extra bits)`, runs of zeros as 17
/// and 18, runs of another length (after one sent plainly) as 16.
fn run_lengths(lengths: &[u8]) -> Vec<(u8, u8)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < lengths.len() {
        let l = lengths[i];
        let run = lengths[i..].iter().take_while(|&&x| x == l).count();
        if l == 0 && run >= 3 {
            let n = run.min(138);
            out.push(if n >= 11 { (18, (n - 11) as u8) } else { (17, (n - 3) as u8) });
            i += n;
        } else if l != 0 && run >= 4 {
            out.push((l, 0));
            let n = (run - 1).min(6);
            out.push((16, (n - 3) as u8));
            i += 1 + n;
        } else {
            out.push((l, 0));
            i += 1;
        }
    }
    out
}

/// Huffman code lengths for `freq` (0 for unused symbols), none longer than `limit`, the
/// code complete (as inflaters require) when two or more symbols are used.
fn code_lengths(freq: &[u32], limit: u8) -> Vec<u8> {
    let mut lengths = vec![0u8; freq.len()];
    let mut used: Vec<usize> = (0..freq.len()).filter(|&s| freq[s] > 0).collect();
    if used.len() < 2 {
        for &s in &used {
            lengths[s] = 1;
        }
        return lengths;
    }
    used.sort_by_key(|&s| (freq[s], s));
    // Huffman's construction with two queues: the leaves in order of weight, and the
    // merged nodes, which come out in order of weight too.
    let leaves = used.len();
    let mut weight: Vec<u64> = used.iter().map(|&s| u64::from(freq[s])).collect();
    let mut parent = vec![0usize; 2 * leaves - 1];
    let (mut next_leaf, mut next_node) = (0, leaves);
    for node in leaves..2 * leaves - 1 {
        let mut pick = || {
            let take_leaf =
                next_leaf < leaves && (next_node >= node || weight[next_leaf] <= weight[next_node]);
            if take_leaf {
                next_leaf += 1;
                next_leaf - 1
            } else {
                next_node += 1;
                next_node - 1
            }
        };
        let (a, b) = (pick(), pick());
        weight.push(weight[a] + weight[b]);
        parent[a] = node;
        parent[b] = node;
    }
    // Depths from the root (the last node) down.
    let mut depth = vec![0u32; 2 * leaves - 1];
    for node in (0..2 * leaves - 2).rev() {
        depth[node] = depth[parent[node]] + 1;
    }
    let limit = u32::from(limit);
    let mut len: Vec<u32> = depth[..leaves].iter().map(|&d| d.min(limit)).collect();
    // Cut at the limit, the Kraft sum (in units of 2^-limit) may exceed one: lengthen the
    // longest codes still under the limit (the rarest first) until it does not ...
    let full = 1u64 << limit;
    let mut kraft: u64 = len.iter().map(|&l| 1u64 << (limit - l)).sum();
    while kraft > full {
        let i =
            (0..leaves).filter(|&i| len[i] < limit).max_by_key(|&i| (len[i], usize::MAX - i)).expect("room");
        len[i] += 1;
        kraft -= 1 << (limit - len[i]);
    }
    // ... then shorten the longest (the most frequent first) while it stays within one:
    // each step adds the smallest term, which divides what is missing.
    while kraft < full {
        let i = (0..leaves).max_by_key(|&i| (len[i], i)).expect("symbols");
        kraft += 1 << (limit - len[i]);
        len[i] -= 1;
    }
    for (k, &s) in used.iter().enumerate() {
        lengths[s] = len[k] as u8;
    }
    lengths
}

/// Canonical codes for code lengths (RFC 1951, 3.2.2), bit-reversed for writing least
/// significant bit first: `(code, length)` per symbol.
fn canonical(lengths: &[u8]) -> Vec<(u32, u32)> {
    let mut count = [0u32; 16];
    for &l in lengths {
        count[usize::from(l)] += 1;
    }
    count[0] = 0;
    let mut next = [0u32; 16];
    let mut code = 0;
    for bits in 1..16 {
        code = (code + count[bits - 1]) << 1;
        next[bits] = code;
    }
    lengths
        .iter()
        .map(|&l| {
            if l == 0 {
                return (0, 0);
            }
            let c = next[usize::from(l)];
            next[usize::from(l)] += 1;
            (c.reverse_bits() >> (32 - u32::from(l)), u32::from(l))
        })
        .collect()
}

/// Bits written least significant first, as deflate packs them.
#[derive(Default)]
struct BitWriter {
    out: Vec<u8>,
    acc: u64,
    count: u32,
}

impl BitWriter {
    /// Writes the low `n` bits of `v` (`n` at most 32, `v` with no bits above them).
    #[inline]
    fn write(&mut self, v: u64, n: u32) {
        self.acc |= v << self.count;
        self.count += n;
        if self.count >= 32 {
            self.out.extend_from_slice(&(self.acc as u32).to_le_bytes());
            self.acc >>= 32;
            self.count -= 32;
        }
    }

    /// Pads with zero bits to a whole byte and writes out what is held.
    fn align(&mut self) {
        let bytes = self.count.div_ceil(8) as usize;
        self.out.extend_from_slice(&self.acc.to_le_bytes()[..bytes]);
        self.acc = 0;
        self.count = 0;
    }
}

/// The Adler-32 checksum zlib ends with (RFC 1950).
#[derive(Clone, Copy, Debug)]
struct Adler32 {
    a: u32,
    b: u32,
}

impl Default for Adler32 {
    fn default() -> Self {
        Adler32 { a: 1, b: 0 }
    }
}

impl Adler32 {
    fn update(&mut self, data: &[u8]) {
        const MOD: u32 = 65521;
        // The most bytes before the sums could overflow 32 bits.
        const NMAX: usize = 5552;
        for chunk in data.chunks(NMAX) {
            let (mut a, mut b) = (self.a, self.b);
            for &x in chunk {
                a += u32::from(x);
                b += a;
            }
            self.a = a % MOD;
            self.b = b % MOD;
        }
    }

    fn sum(self) -> u32 {
        self.b << 16 | self.a
    }
}

/// The whole of `data` as a zlib stream, rows `stride` bytes apart.
pub(crate) fn compress(data: &[u8], mode: Mode, stride: usize) -> Vec<u8> {
    let mut d = RowDeflater::new(mode, stride);
    d.write(data);
    d.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(data: &[u8], stride: usize) {
        for mode in [Mode::Stored, Mode::Rows] {
            let z = compress(data, mode, stride);
            let back = miniz_oxide::inflate::decompress_to_vec_zlib(&z).expect("inflates");
            assert!(back == data, "{mode:?}, {} bytes, stride {stride}", data.len());
        }
    }

    /// A small deterministic generator, for test data only.
    fn noise(n: usize, seed: u64) -> Vec<u8> {
        let mut s = seed;
        (0..n)
            .map(|_| {
                s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                (s >> 56) as u8
            })
            .collect()
    }

    #[test]
    fn streams_inflate_to_their_input() {
        round_trip(&[], 10);
        round_trip(&[7], 10);
        round_trip(&[0; 1000], 10);
        round_trip(&[0; 1000], 0);
        round_trip(&noise(100_000, 1), 100);
        // Rows that repeat, runs, and noise, across several blocks.
        let row = noise(1000, 2);
        let mut picture = Vec::new();
        for y in 0..1200 {
            match y % 3 {
                0 => picture.extend_from_slice(&row),
                1 => picture.extend(std::iter::repeat_n(0xFF, 1000)),
                _ => picture.extend(noise(1000, y)),
            }
        }
        round_trip(&picture, 1000);
        round_trip(&picture, 999);
        round_trip(&picture, 40_000); // beyond the window: no row copies
    }

    #[test]
    fn pieces_make_the_same_stream_as_the_whole() {
        let data = noise(3 * BLOCK + 123, 3);
        let whole = compress(&data, Mode::Rows, 77);
        let mut d = RowDeflater::new(Mode::Rows, 77);
        let mut out = Vec::new();
        for piece in data.chunks(1001) {
            d.write(piece);
            out.append(d.output());
        }
        out.extend(d.finish());
        assert_eq!(out, whole);
    }

    /// A picture of cells `px` pixels tall: each pattern row `px` times over (so the search
    /// further back is on), patterns repeating within and between rows, some noise.
    fn tall_cells(rows: usize, stride: usize, px: usize, seed: u64) -> Vec<u8> {
        let bits = noise(rows * stride / px + 64, seed);
        let mut out = Vec::new();
        for r in 0..rows / px {
            let row: Vec<u8> = (0..stride)
                .map(|x| match bits[r * stride / px / 4 + x / 5] % 4 {
                    0 => 0xFF,
                    1 => 0x0F,
                    2 => 0,
                    _ => bits[r + x] & 0xF0,
                })
                .collect();
            for _ in 0..px {
                out.extend_from_slice(&row);
            }
        }
        out
    }

    #[test]
    fn copies_from_further_back_inflate_and_pay() {
        // Several blocks (the chains are carried over from block to block), strides that
        // do not divide the block.
        for (stride, px) in [(1252, 10), (251, 4), (77, 3), (1000, 2)] {
            let data = tall_cells(4 * BLOCK / stride, stride, px, stride as u64);
            round_trip(&data, stride);
            let ours = compress(&data, Mode::Rows, stride).len();
            let general = miniz_oxide::deflate::compress_to_vec_zlib(&data, 6).len();
            assert!(
                ours * 100 < general * 110,
                "stride {stride}, {px} px: {ours} against level 6's {general}"
            );
        }
        let data = tall_cells(3 * BLOCK / 301, 301, 5, 4);
        let whole = compress(&data, Mode::Rows, 301);
        let mut d = RowDeflater::new(Mode::Rows, 301);
        let mut out = Vec::new();
        for piece in data.chunks(999) {
            d.write(piece);
            out.append(d.output());
        }
        out.extend(d.finish());
        assert_eq!(out, whole, "in pieces");
    }

    #[test]
    fn skewed_counts_keep_codes_within_the_limit() {
        // Fibonacci counts make a Huffman tree as deep as it can be.
        let mut freq = vec![0u32; 286];
        let (mut a, mut b) = (1u32, 1u32);
        for f in freq.iter_mut().take(40) {
            *f = a;
            (a, b) = (b, a.saturating_add(b));
        }
        for limit in [7u8, 15] {
            let lengths = code_lengths(&freq, limit);
            assert!(lengths.iter().all(|&l| l <= limit));
            let kraft: f64 = lengths.iter().filter(|&&l| l > 0).map(|&l| 0.5f64.powi(i32::from(l))).sum();
            assert_eq!(kraft, 1.0, "complete code");
        }
        // The same counts as data: 40 byte values, the commonest most of the stream.
        let mut data = Vec::new();
        let (mut a, mut b) = (1usize, 1usize);
        for v in 0..26u8 {
            data.extend((0..a).map(|i| if i % 2 == 0 { v } else { v.wrapping_add(100) }));
            (a, b) = (b, a + b);
        }
        round_trip(&data, 3);
    }

    #[test]
    fn codes_match_the_specification_tables() {
        assert_eq!(length_code(3), (257, 0, 0));
        assert_eq!(length_code(10), (264, 0, 0));
        assert_eq!(length_code(11), (265, 1, 0));
        assert_eq!(length_code(12), (265, 1, 1));
        assert_eq!(length_code(227), (284, 5, 0));
        assert_eq!(length_code(257), (284, 5, 30));
        assert_eq!(length_code(258), (285, 0, 0));
        assert_eq!(distance_code(1), (0, 0, 0));
        assert_eq!(distance_code(4), (3, 0, 0));
        assert_eq!(distance_code(5), (4, 1, 0));
        assert_eq!(distance_code(7), (5, 1, 0));
        assert_eq!(distance_code(24577), (29, 13, 0));
        assert_eq!(distance_code(32768), (29, 13, 8191));
        assert_eq!(Adler32::default().sum(), 1);
        let mut a = Adler32::default();
        a.update(b"Wikipedia");
        assert_eq!(a.sum(), 0x11E6_0398);
    }
}
