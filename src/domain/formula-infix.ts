import { FORMULA_OPS, type FormulaNode } from '../../schemas/api';
import { FormulaError, validateFormula } from './formula';

/**
 * A §3 formula written as infix text, as an office types it into a spreadsheet cell (docs/operator.md):
 *
 *   [201030-W] - [201030-null]        201030-W - 201030-null        max(0, [Q1] * 2.5) ^ 2        last(201030-W)
 *
 * A timeseries is named in square brackets (any tsId) or bare: a bare name runs up to the next space, bracket,
 * comma or operator other than "-", so "201030-W" is one name and "a - b" a difference (write "a-b" as "[a-b]" or
 * with spaces when a subtraction is meant). A name that reads as a number is a constant (decimal point).
 * Functions are the §5 operations (log, log10, sqrt, cos, sin, tan, abs, max, min, signum, pow); last(x) is the
 * last stored value of x (tsOp "last"). "^" is pow. "+" and "*" chains become one n-ary node, as §3 writes them.
 */
export function parseInfixFormula(text: string): FormulaNode {
  const tokens = tokenize(text);
  let at = 0;
  const peek = () => tokens[at];
  const next = () => tokens[at++];
  const expect = (kind: string) => {
    const token = next();
    if (token?.kind !== kind) throw new FormulaError(`"${kind}" expected ${where(token)}`);
  };
  const where = (token: Token | undefined) =>
    token ? `at "${token.text}" (character ${token.pos + 1})` : 'at the end';

  const chain = (op: '+' | '*', first: FormulaNode, more: () => FormulaNode): FormulaNode =>
    first.op === op && first.opArgs ? { op, opArgs: [...first.opArgs, more()] } : { op, opArgs: [first, more()] };

  const expr = (): FormulaNode => {
    let left = term();
    for (let t = peek(); t?.kind === '+' || t?.kind === '-'; t = peek()) {
      next();
      left = t.kind === '+' ? chain('+', left, term) : { op: '-', opArgs: [left, term()] };
    }
    return left;
  };
  const term = (): FormulaNode => {
    let left = unary();
    for (let t = peek(); t?.kind === '*' || t?.kind === '/'; t = peek()) {
      next();
      left = t.kind === '*' ? chain('*', left, unary) : { op: '/', opArgs: [left, unary()] };
    }
    return left;
  };
  const unary = (): FormulaNode => {
    if (peek()?.kind === '-') {
      next();
      const operand = unary();
      return operand.const !== undefined ? { const: -operand.const } : { op: '-', opArgs: [operand] };
    }
    if (peek()?.kind === '+') next();
    return power();
  };
  const power = (): FormulaNode => {
    const base = primary();
    if (peek()?.kind !== '^') return base;
    next();
    return { op: 'pow', opArgs: [base, unary()] };
  };
  const primary = (): FormulaNode => {
    const token = next();
    if (token?.kind === '(') {
      const inner = expr();
      expect(')');
      return inner;
    }
    if (token?.kind === 'ref') return { tsId: token.text };
    if (token?.kind === 'name') {
      if (peek()?.kind === '(') {
        next();
        const args: FormulaNode[] = [expr()];
        while (peek()?.kind === ',') {
          next();
          args.push(expr());
        }
        expect(')');
        if (token.text === 'last') {
          const [only] = args;
          if (args.length !== 1 || only?.tsId === undefined || only.tsOp !== undefined)
            throw new FormulaError(`last(…) takes one timeseries ${where(token)}`);
          return { tsId: only.tsId, tsOp: 'last' };
        }
        if (!(FORMULA_OPS as readonly string[]).includes(token.text) || /^[-+*/]$/.test(token.text))
          throw new FormulaError(`unknown function "${token.text}" ${where(token)}`);
        return { op: token.text, opArgs: args };
      }
      const number = Number(token.text);
      return /^\d+(\.\d+)?([eE][-+]?\d+)?$/.test(token.text) && Number.isFinite(number)
        ? { const: number }
        : { tsId: token.text };
    }
    throw new FormulaError(`a value, timeseries or "(" expected ${where(token)}`);
  };

  if (tokens.length === 0) throw new FormulaError('the formula is empty');
  const node = expr();
  if (at < tokens.length) throw new FormulaError(`an operator expected ${where(peek())}`);
  validateFormula(node);
  return node;
}

interface Token {
  kind: '+' | '-' | '*' | '/' | '^' | '(' | ')' | ',' | 'ref' | 'name';
  text: string;
  pos: number;
}

const SINGLE = new Set(['+', '-', '*', '/', '^', '(', ')', ',']);

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text.charAt(i);
    if (/\s/.test(c)) {
      i++;
    } else if (c === '[') {
      const end = text.indexOf(']', i);
      if (end < 0) throw new FormulaError(`"]" missing for "[" at character ${i + 1}`);
      const id = text.slice(i + 1, end).trim();
      if (!id) throw new FormulaError(`an empty [] at character ${i + 1}`);
      tokens.push({ kind: 'ref', text: id, pos: i });
      i = end + 1;
    } else if (c === '-' && tokens.length > 0 && tokens[tokens.length - 1]?.kind === 'name' && glued(text, i)) {
      // "201030-W": a hyphen between two name characters belongs to the name
      const last = tokens[tokens.length - 1] as Token;
      const rest = /^-[^\s[\]()+*/^,]+/.exec(text.slice(i))?.[0] ?? '-';
      last.text += rest;
      i += rest.length;
    } else if (SINGLE.has(c)) {
      tokens.push({ kind: c as Token['kind'], text: c, pos: i });
      i++;
    } else {
      const name = /^[^\s[\]()+\-*/^,]+/.exec(text.slice(i))?.[0];
      if (!name) throw new FormulaError(`"${c}" is not allowed (character ${i + 1})`);
      tokens.push({ kind: 'name', text: name, pos: i });
      i += name.length;
    }
  }
  return tokens;
}

/** A hyphen with no space on either side, between a name and more name characters. */
function glued(text: string, i: number): boolean {
  const before = text.charAt(i - 1);
  const after = text.charAt(i + 1);
  return before !== '' && !/[\s)\]]/.test(before) && after !== '' && /[^\s[\]()+\-*/^,]/.test(after);
}

/** Whether a tsFormula cell is infix text rather than the §3 JSON node. */
export function isInfixFormula(cell: string): boolean {
  return !cell.trimStart().startsWith('{');
}
