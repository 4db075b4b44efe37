// Line and column of an offset: what both parses give the document reader.

/** Where an offset is, as line and column (1-based); what both parses give the reader. */
export interface LinePositions {
  linePos(offset: number): { line: number; col: number };
}

/**
 * Line starts of a text, for the fast path (the full parse has yaml's own LineCounter). Found on the
 * first question about a place past the first line: most files are one object that starts there.
 */
export class LineIndex implements LinePositions {
  private starts: number[] | undefined;

  constructor(private readonly source: string) {}

  linePos(offset: number): { line: number; col: number } {
    if (this.starts === undefined) {
      const firstLineEnd = this.source.indexOf("\n");
      if (firstLineEnd === -1 || offset <= firstLineEnd) return { line: 1, col: offset + 1 };
      this.starts = [0];
      for (let i = firstLineEnd; i !== -1; i = this.source.indexOf("\n", i + 1)) this.starts.push(i + 1);
    }
    const starts = this.starts;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, col: offset - starts[low]! + 1 };
  }
}
