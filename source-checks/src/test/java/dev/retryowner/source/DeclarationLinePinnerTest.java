package dev.retryowner.source;

import static dev.retryowner.source.SourceTree.lineOf;
import static dev.retryowner.source.SourceTree.write;
import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.Site;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DeclarationLinePinnerTest {
  private static final String RETRY = "io.github.resilience4j.retry.Retry";
  private static final String TEMPLATE = "org.springframework.retry.support.RetryTemplate";
  private static final String RETRYABLE = "org.springframework.retry.annotation.Retryable";

  private static final String BILLING = """
      package com.acme.app;

      import io.github.resilience4j.retry.Retry;
      import java.util.List;
      import org.springframework.retry.annotation.*;

      @Retryable // class-annotation
      public class Billing
          extends org.springframework.retry.support.RetryTemplate // supertype
          implements Runnable {
        private final List<Retry> retries; // field-type-argument

        Billing(Retry first, // first-parameter
            Retry second) { // second-parameter
          this.retries = List.of(first, second);
        }

        @Retryable(maxAttempts = 2) // method-annotation
        Retry pick( // return-type
            @Retryable int index) { // parameter-annotation
          Retry local = retries.get(index); // local-type
          return local;
        }

        Retry pick(String name) { // other-overload
          return null;
        }

        int count(Retry... retries) { // varargs-parameter
          return retries.length;
        }

        int count(List<Retry>[] groups) { // array-parameter
          return groups.length;
        }

        public void run() {
        }

        class Inner {
          Retry[] inner; // nested-field
        }

        Object callback() {
          Object plain = new Object() { };
          return new java.util.concurrent.Callable<Retry>() { // anonymous-supertype
            public Retry call() {
              return null;
            }
          };
        }
      }
      """;

  private static final String SHADOW = """
      package com.acme.app;

      import io.github.resilience4j.retry.*;

      public class Shadow {
        static final class Retry {
        }

        Retry retry; // shadowed
        io.github.resilience4j.retry.Retry real; // qualified
      }
      """;

  private static final String CUSTOM = """
      package com.acme.app;

      @Resilient // meta-annotated
      public class Custom extends MyTemplate { // subtype
        record Pair(io.github.resilience4j.retry.Retry left, String right) { // component
        }
      }
      """;

  @TempDir Path root;
  private JavaSources sources;
  private DeclarationLinePinner pinner;

  @BeforeEach
  void writeSources() throws IOException {
    write(root, "com/acme/app/Billing.java", BILLING);
    write(root, "com/acme/app/Shadow.java", SHADOW);
    write(root, "com/acme/app/Custom.java", CUSTOM);
    sources = new JavaSources();
    pinner = new DeclarationLinePinner(List.of(root.resolve("missing"), root),
        TypeRelations.exactNamesOnly(), sources);
  }

  @Test
  void classAnnotationIsPinnedToTheAt() {
    assertPinned(finding("Billing", "", Site.ANNOTATION, RETRYABLE), BILLING, "class-annotation");
  }

  @Test
  void fullyQualifiedSupertypeIsPinnedToTheExtendsClause() {
    assertPinned(finding("Billing", "", Site.SUPERTYPE, TEMPLATE), BILLING, "supertype");
  }

  @Test
  void fieldTypeIsFoundInsideTypeArguments() {
    assertPinned(finding("Billing", "retries", Site.FIELD_TYPE, RETRY), BILLING,
        "field-type-argument");
  }

  @Test
  void twoParametersOfOneTypeTakeTheirLinesInOrder() {
    String ctor = "<init>(io.github.resilience4j.retry.Retry, io.github.resilience4j.retry.Retry)";
    List<Finding> pinned = pinner.pin(List.of(
        finding("Billing", ctor, Site.PARAMETER_TYPE, RETRY),
        finding("Billing", ctor, Site.PARAMETER_TYPE, RETRY)));

    assertThat(pinned).extracting(Finding::line)
        .containsExactly(lineOf(BILLING, "first-parameter"), lineOf(BILLING, "second-parameter"));
  }

  @Test
  void aParameterNamedInTheMessageIsPinnedToThatParameter() {
    String ctor = "<init>(io.github.resilience4j.retry.Retry, io.github.resilience4j.retry.Retry)";
    Finding second = withMessage(finding("Billing", ctor, Site.PARAMETER_TYPE, RETRY),
        "declares parameter 2 of type " + RETRY);

    assertThat(pinner.pin(List.of(second))).extracting(Finding::line)
        .containsExactly(lineOf(BILLING, "second-parameter"));
  }

  @Test
  void returnTypeOfTheRightOverload() {
    assertPinned(finding("Billing", "pick(int)", Site.RETURN_TYPE, RETRY), BILLING, "return-type");
    assertPinned(finding("Billing", "com.acme.app.Billing.pick(java.lang.String)",
        Site.RETURN_TYPE, RETRY), BILLING, "other-overload");
  }

  @Test
  void arrayParametersAreReadFromTheirBytecodeNames() {
    assertPinned(finding("Billing", "count([Lio.github.resilience4j.retry.Retry;)",
        Site.PARAMETER_TYPE, RETRY), BILLING, "varargs-parameter");
    assertPinned(finding("Billing", "count([Ljava.util.List;)", Site.PARAMETER_TYPE, RETRY),
        BILLING, "array-parameter");
  }

  @Test
  void methodAndParameterAnnotationsAreBothFound() {
    List<Finding> pinned = pinner.pin(List.of(
        withMessage(finding("Billing", "pick(int)", Site.ANNOTATION, RETRYABLE),
            "has parameter 1 is annotated with @" + RETRYABLE),
        withMessage(finding("Billing", "pick(int)", Site.ANNOTATION, RETRYABLE),
            "is annotated with @" + RETRYABLE)));

    assertThat(pinned).extracting(Finding::line).containsExactly(
        lineOf(BILLING, "parameter-annotation"), lineOf(BILLING, "method-annotation"));
  }

  @Test
  void localVariableType() {
    assertPinned(finding("Billing", "pick(int)", Site.LOCAL_TYPE, RETRY), BILLING, "local-type");
  }

  @Test
  void fieldOfANestedClass() {
    assertPinned(finding("Billing$Inner", "inner", Site.FIELD_TYPE, RETRY), BILLING,
        "nested-field");
  }

  @Test
  void anonymousClassesAreNumberedInSourceOrder() {
    assertPinned(finding("Billing$2", "", Site.SUPERTYPE, RETRY), BILLING,
        "anonymous-supertype");
  }

  @Test
  void aNestedClassShadowsAnOnDemandImport() {
    Finding shadowed = finding("Shadow", "retry", Site.FIELD_TYPE, RETRY).atLine(7);

    assertThat(pinner.pin(List.of(shadowed))).containsExactly(shadowed);
    assertPinned(finding("Shadow", "real", Site.FIELD_TYPE, RETRY), SHADOW, "qualified");
  }

  @Test
  void findingsInCodeKeepTheirBytecodeLine() {
    Finding call = finding("Billing", "pick(int)", Site.CALL, RETRY).atLine(42);

    assertThat(pinner.pin(List.of(call))).containsExactly(call);
  }

  @Test
  void unknownMemberOrMissingSourceKeepsTheBytecodeLine() {
    Finding unknownMember = finding("Billing", "nothing", Site.FIELD_TYPE, RETRY).atLine(5);
    Finding noSource = new Finding("RetryOutsideJobs", "com.acme.app.Gone", "retry",
        "com/acme/app/Gone.java", 9, Site.FIELD_TYPE, RETRY, "m", "r");

    assertThat(pinner.pin(List.of(unknownMember, noSource)))
        .containsExactly(unknownMember, noSource);
  }

  @Test
  void subtypesAndMetaAnnotationsNeedTheBytecodeRelations() {
    Finding annotation = finding("Custom", "", Site.ANNOTATION, RETRYABLE);
    Finding supertype = finding("Custom", "", Site.SUPERTYPE, TEMPLATE);

    assertThat(pinner.pin(List.of(annotation, supertype)))
        .extracting(Finding::line).containsExactly(0, 0);

    DeclarationLinePinner related = new DeclarationLinePinner(List.of(root), new ParentRelations(Map.of(
        "com.acme.app.MyTemplate", TEMPLATE, "com.acme.app.Resilient", RETRYABLE)),
        new JavaSources());
    assertThat(related.pin(List.of(annotation, supertype))).extracting(Finding::line)
        .containsExactly(lineOf(CUSTOM, "meta-annotated"), lineOf(CUSTOM, "subtype"));
  }

  @Test
  void recordComponentsStandForFieldAccessorAndConstructor() {
    int component = lineOf(CUSTOM, "component");
    List<Finding> pinned = pinner.pin(List.of(
        finding("Custom$Pair", "left", Site.FIELD_TYPE, RETRY),
        finding("Custom$Pair", "left()", Site.RETURN_TYPE, RETRY),
        finding("Custom$Pair", "<init>(io.github.resilience4j.retry.Retry, java.lang.String)",
            Site.PARAMETER_TYPE, RETRY)));

    assertThat(pinned).extracting(Finding::line).containsOnly(component);
  }

  @Test
  void unparsableSourceIsAWarningNotAFailure() throws IOException {
    write(root, "com/acme/app/Broken.java", "package com.acme.app; class Broken { Retry r ");
    Finding broken = new Finding("RetryOutsideJobs", "com.acme.app.Broken", "r",
        "com/acme/app/Broken.java", 1, Site.FIELD_TYPE, RETRY, "m", "r");

    assertThat(pinner.pin(List.of(broken))).containsExactly(broken);
    assertThat(sources.warnings()).singleElement().asString().contains("Broken.java does not parse");
  }

  private void assertPinned(Finding finding, String source, String marker) {
    assertThat(pinner.pin(List.of(finding))).extracting(Finding::line)
        .as("%s %s", finding.member(), finding.site()).containsExactly(lineOf(source, marker));
  }

  private static Finding finding(String simpleClass, String member, Site site, String target) {
    String top = simpleClass.contains("$")
        ? simpleClass.substring(0, simpleClass.indexOf('$')) : simpleClass;
    return new Finding("RetryOutsideJobs", "com.acme.app." + simpleClass, member,
        "com/acme/app/" + top + ".java", 0, site, target, "uses " + target, "reason");
  }

  private static Finding withMessage(Finding f, String message) {
    return new Finding(f.rule(), f.className(), f.member(), f.sourcePath(), f.line(), f.site(),
        f.target(), message, f.reason());
  }
}
