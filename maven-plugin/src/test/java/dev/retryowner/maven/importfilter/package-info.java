/**
 * Classes the {@code ImportFilterTest} runs the import filter on: each one names a catalog type,
 * a guarded package or a catalog method in one way only, or nothing of the kind.
 */
package dev.retryowner.maven.importfilter;
