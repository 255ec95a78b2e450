package dev.retryowner.annotations;

import static java.lang.annotation.ElementType.CONSTRUCTOR;
import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.ElementType.METHOD;
import static java.lang.annotation.ElementType.TYPE;

import java.lang.annotation.Documented;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Exempts the annotated element from one retry-owner rule, for code that must keep breaking it
 * for a stated reason (legacy code on its way out, a vendor SDK without a NoRetry switch).
 *
 * <pre>{@code
 * @RetryOwnerExempt(rule = "RetryOutsideJobs",
 *     reason = "legacy importer, replaced by the import job in PAY-1234")
 * void importAll() { retry.executeRunnable(this::importBatch); }
 * }</pre>
 *
 * <p>What it covers, the same in every engine (Error Prone, ArchUnit, the Maven plugin): on a
 * type, the type with all its members and its nested, local and anonymous classes; on a method
 * or constructor, its declaration and body, lambdas and local and anonymous classes declared in
 * it included; on a field, its declaration and initializer. It exempts only the rule it names;
 * repeat the annotation to exempt one element from two rules.
 *
 * <p>An exempted finding does not fail the build, but it is not hidden either: the Maven plugin
 * lists it, with this reason, on the console and in the SARIF and JSON reports. A blank reason or
 * a rule name retry-owner does not know is itself a violation ({@code InvalidExemption}) and
 * exempts nothing. Error Prone's {@code @SuppressWarnings("RuleName")} keeps working for the
 * Error Prone checks, without a reason and without a report.
 *
 * <p>{@code CLASS} retention: the annotation is in the class files, where the bytecode engines
 * read it, and costs nothing at run time.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({TYPE, METHOD, CONSTRUCTOR, FIELD})
@Repeatable(RetryOwnerExempt.List.class)
public @interface RetryOwnerExempt {
  /** The rule the element is exempt from, e.g. {@code "RetryOutsideJobs"}. */
  String rule();

  /** Why the element may break the rule; shown in every report. Must not be blank. */
  String reason();

  /** Holds repeated {@link RetryOwnerExempt}s; written by javac, not by hand. */
  @Documented
  @Retention(RetentionPolicy.CLASS)
  @Target({TYPE, METHOD, CONSTRUCTOR, FIELD})
  @interface List {
    RetryOwnerExempt[] value();
  }
}
