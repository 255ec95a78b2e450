package dev.retryowner.catalog;

/** The engines that can implement a rule. The Maven plugin runs ARCHUNIT and SOURCE. */
public enum Engine {
  /** javac plugin, compile time, with suggested fixes. */
  ERROR_PRONE,
  /** Bytecode rules, usable as {@code @ArchTest} and run by the Maven plugin. */
  ARCHUNIT,
  /** JavaParser source checks, run by the Maven plugin. */
  SOURCE
}
