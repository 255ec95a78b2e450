package dev.retryowner.catalog;

/**
 * The engines that can implement a rule. The Maven plugin and the CLI run ARCHUNIT, SOURCE and
 * CALL_GRAPH.
 */
public enum Engine {
  /** javac plugin, compile time, with suggested fixes. */
  ERROR_PRONE,
  /** Bytecode rules, usable as {@code @ArchTest} and run by the Maven plugin. */
  ARCHUNIT,
  /** JavaParser source checks, run by the Maven plugin. */
  SOURCE,
  /**
   * The gate's whole-program call graph over the class files (the retry amplification map); no
   * single compilation unit shows a path, so neither javac nor one ArchUnit rule can run it.
   */
  CALL_GRAPH
}
