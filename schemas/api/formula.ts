import * as v from 'valibot';

export const FORMULA_OPS = [
  '+',
  '-',
  '/',
  '*',
  'pow',
  'log',
  'log10',
  'sqrt',
  'cos',
  'sin',
  'tan',
  'abs',
  'max',
  'min',
  'signum',
] as const;
export type FormulaOp = (typeof FORMULA_OPS)[number];

/** §3 Formula node. Structural exclusivity (op vs const vs tsId) is checked by the domain evaluator with a clear error. */
export interface FormulaNode {
  op?: string;
  const?: number;
  tsId?: string;
  tsOp?: 'last';
  opArgs?: FormulaNode[];
}

export const FormulaNodeSchema: v.GenericSchema<FormulaNode> = v.object({
  op: v.optional(v.string()),
  const: v.optional(v.number()),
  tsId: v.optional(v.string()),
  tsOp: v.optional(v.literal('last')),
  opArgs: v.optional(v.array(v.lazy(() => FormulaNodeSchema))),
});
