/**
 * Per-element figures summed over subtrees in one backward pass: the index numbers elements in document order, so
 * children come after their parents and walking the numbers backwards adds each child into its parent once.
 */
/** Per-element values summed over each subtree (children before parents in document-order numbering). */
function sumSubtreesInPlace(values: Float64Array, parent: Int32Array): Float64Array {
  for (let i = values.length - 1; i > 0; i--) values[parent[i]] += values[i];
  return values;
}

export const sumSubtrees = (values: Float64Array, parent: Int32Array) =>
  sumSubtreesInPlace(Float64Array.from(values), parent);

/** `sums` minus the subtree sums of `less` (which is overwritten with the result). */
export function subtractSubtrees(sums: Float64Array, less: Float64Array, parent: Int32Array): Float64Array {
  sumSubtreesInPlace(less, parent);
  for (let i = 0; i < less.length; i++) less[i] = sums[i] - less[i];
  return less;
}
