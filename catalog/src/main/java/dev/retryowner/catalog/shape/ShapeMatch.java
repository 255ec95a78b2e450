package dev.retryowner.catalog.shape;

/**
 * A retry shape found in a unit of code.
 *
 * @param origin the engine's node to report at: a loop (its keyword) or a call (its name)
 * @param what the finding's sentence
 * @param target the catalog entry the finding names, or empty
 */
public record ShapeMatch(Object origin, String what, String target) {}
