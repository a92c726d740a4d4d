import { FORMULA_OPS, type FormulaNode, type FormulaOp } from '../../schemas/api';

/** Arity of each §5 operation: [min, max] arguments. */
const ARITY: Record<FormulaOp, [number, number]> = {
  '+': [2, Infinity],
  '-': [1, 2],
  '/': [2, 2],
  '*': [2, Infinity],
  pow: [2, 2],
  log: [1, 1],
  log10: [1, 1],
  sqrt: [1, 1],
  cos: [1, 1],
  sin: [1, 1],
  tan: [1, 1],
  abs: [1, 1],
  max: [1, Infinity],
  min: [1, Infinity],
  signum: [1, 1],
};

const APPLY: Record<FormulaOp, (a: number[]) => number> = {
  '+': (a) => a.reduce((s, x) => s + x, 0),
  '-': (a) => (a.length === 1 ? -(a[0] as number) : (a[0] as number) - (a[1] as number)),
  '/': ([x, y]) => (x as number) / (y as number),
  '*': (a) => a.reduce((s, x) => s * x, 1),
  pow: ([x, y]) => (x as number) ** (y as number),
  log: ([x]) => Math.log(x as number),
  log10: ([x]) => Math.log10(x as number),
  sqrt: ([x]) => Math.sqrt(x as number),
  cos: ([x]) => Math.cos(x as number),
  sin: ([x]) => Math.sin(x as number),
  tan: ([x]) => Math.tan(x as number),
  abs: ([x]) => Math.abs(x as number),
  max: (a) => Math.max(...a),
  min: (a) => Math.min(...a),
  signum: ([x]) => Math.sign(x as number),
};

export class FormulaError extends Error {}

function isOp(op: string): op is FormulaOp {
  return (FORMULA_OPS as readonly string[]).includes(op);
}

/** Checks the §3 structure: op excludes const and tsId; known op with the right number of arguments. */
export function validateFormula(node: FormulaNode, path = 'formula'): void {
  const kinds = [node.op !== undefined, node.const !== undefined, node.tsId !== undefined].filter(Boolean).length;
  if (kinds !== 1) throw new FormulaError(`${path}: exactly one of op, const or tsId is required`);
  if (node.op === undefined) {
    if (node.opArgs?.length) throw new FormulaError(`${path}: only an op takes arguments`);
    if (node.const !== undefined && !Number.isFinite(node.const))
      throw new FormulaError(`${path}: const must be a finite number`);
    if (node.tsId !== undefined && node.tsOp !== undefined && node.tsOp !== 'last')
      throw new FormulaError(`${path}: unknown tsOp ${String(node.tsOp)}`);
    return;
  }
  if (!isOp(node.op)) throw new FormulaError(`${path}: unknown op ${node.op}`);
  const [min, max] = ARITY[node.op];
  const n = node.opArgs?.length ?? 0;
  if (n < min || n > max)
    throw new FormulaError(`${path}: ${node.op} takes ${min === max ? min : `${min} or more`} arguments, got ${n}`);
  node.opArgs?.forEach((arg, i) => validateFormula(arg, `${path}.opArgs.${i}`));
}

/**
 * Evaluates a formula. A reference with tsOp 'last' reads the last stored value of that timeseries; a
 * reference without tsOp reads its value in this round (`currentValues`), see docs/domain.md. Without
 * `currentValues` every reference reads the last values.
 */
export function evaluateFormula(
  node: FormulaNode,
  lastValues: ReadonlyMap<string, number>,
  currentValues?: ReadonlyMap<string, number>,
): number {
  validateFormula(node);
  const run = (n: FormulaNode): number => {
    if (n.const !== undefined) return n.const;
    if (n.tsId !== undefined) {
      const fromRound = n.tsOp !== 'last' && currentValues !== undefined;
      const v = (fromRound ? currentValues : lastValues).get(n.tsId);
      if (v === undefined)
        throw new FormulaError(fromRound ? `no value for ${n.tsId} in this round` : `no last value for ${n.tsId}`);
      return v;
    }
    return APPLY[n.op as FormulaOp]((n.opArgs ?? []).map(run));
  };
  return run(node);
}

/** Whether a formula reads a value entered in this round (a reference without tsOp 'last'). */
export function readsRoundValues(node: FormulaNode): boolean {
  if (node.tsId !== undefined) return node.tsOp !== 'last';
  return (node.opArgs ?? []).some(readsRoundValues);
}

/**
 * §3 calculated value of a formula entry: the result, or undefined while a referenced value is missing,
 * the formula is broken or the result is not a finite number (e.g. log of a negative value).
 */
export function calculateFormula(
  node: FormulaNode,
  lastValues: ReadonlyMap<string, number>,
  currentValues: ReadonlyMap<string, number>,
): number | undefined {
  try {
    const result = evaluateFormula(node, lastValues, currentValues);
    return Number.isFinite(result) ? result : undefined;
  } catch (e) {
    if (e instanceof FormulaError) return undefined;
    throw e;
  }
}

const INFIX = new Set(['+', '-', '/', '*']);

/** Renders a formula as text, e.g. `1767 - last(2001-W)`. */
export function formulaToText(node: FormulaNode): string {
  if (node.const !== undefined) return String(node.const);
  if (node.tsId !== undefined) return `last(${node.tsId})`;
  const args = (node.opArgs ?? []).map((a) => (a.op && INFIX.has(a.op) ? `(${formulaToText(a)})` : formulaToText(a)));
  if (node.op && INFIX.has(node.op)) return args.length === 1 ? `${node.op}${args[0]}` : args.join(` ${node.op} `);
  return `${node.op}(${args.join(', ')})`;
}
