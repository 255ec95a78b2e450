package dev.retryowner.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringReader;
import org.junit.jupiter.api.Test;

class ForbiddenUseIndexTest {
  private static final String RULE = "RetryOutsideJobs";

  private final ForbiddenUseIndex index = index("""
      @rule RetryOutsideJobs
      type com.acme.retry.Retry @ the whole type
      type com.acme.retry.Both @ the whole type, and one method listed on its own
      method com.acme.retry.Both#retry @ the method entry
      method com.acme.reactive.Mono#retry @ only this method
      method com.acme.reactive.Mono#retryWhen @ and this one
      annotation com.acme.annotation.Retry @ the annotation
      """);

  private static ForbiddenUseIndex index(String text) {
    try {
      return Catalog.parse("test.catalog", new StringReader(text)).forbiddenUse(RULE);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void typeAnswersTheListedBinaryNameAndNothingThatOnlySharesAPrefix() {
    assertThat(index.type("com.acme.retry.Retry"))
        .hasValueSatisfying(e -> assertThat(e.reason()).isEqualTo("the whole type"));
    assertThat(index.type("com.acme.retry.Retrying")).isEmpty();
    assertThat(index.type("com.acme.retry.Retry.Context")).isEmpty();
  }

  @Test
  void aTypeEntryCoversTheTypesNestedInIt() {
    assertThat(index.type("com.acme.retry.Retry$Context")).isPresent();
    assertThat(index.type("com.acme.retry.Retry$Context$Inner")).isPresent();
    assertThat(index.method("com.acme.retry.Retry$Builder", "build")).isPresent();
    assertThat(index.type("com.acme.reactive.Mono$Sink")).isEmpty();
  }

  @Test
  void aTypeEntryAnswersMethodLookupsForAnyName() {
    assertThat(index.method("com.acme.retry.Retry", "of"))
        .hasValueSatisfying(e -> assertThat(e.kind()).isEqualTo(EntryKind.TYPE));
    assertThat(index.method("com.acme.retry.Retry", "toString")).isPresent();
  }

  @Test
  void aMethodEntryAnswersOnlyItsName() {
    assertThat(index.method("com.acme.reactive.Mono", "retry"))
        .hasValueSatisfying(e -> assertThat(e.memberName()).isEqualTo("retry"));
    assertThat(index.method("com.acme.reactive.Mono", "retryWhen")).isPresent();
    assertThat(index.method("com.acme.reactive.Mono", "repeat")).isEmpty();
    assertThat(index.type("com.acme.reactive.Mono")).isEmpty();
  }

  @Test
  void aMethodEntryWinsOverTheTypeEntryOfItsOwner() {
    assertThat(index.method("com.acme.retry.Both", "retry"))
        .hasValueSatisfying(e -> assertThat(e.kind()).isEqualTo(EntryKind.METHOD));
    assertThat(index.method("com.acme.retry.Both", "other"))
        .hasValueSatisfying(e -> assertThat(e.kind()).isEqualTo(EntryKind.TYPE));
  }

  @Test
  void annotationsAndTypesAreSeparate() {
    assertThat(index.annotation("com.acme.annotation.Retry")).isPresent();
    assertThat(index.type("com.acme.annotation.Retry")).isEmpty();
    assertThat(index.method("com.acme.annotation.Retry", "value")).isEmpty();
    assertThat(index.annotation("com.acme.retry.Retry")).isEmpty();
  }

  @Test
  void theSameSimpleNameInAnotherPackageIsNotMatched() {
    assertThat(index.type("org.other.Retry")).isEmpty();
    assertThat(index.annotation("org.other.Retry")).isEmpty();
    assertThat(index.method("org.other.Mono", "retry")).isEmpty();
    assertThat(index.type("Retry")).isEmpty();
  }

  @Test
  void mentionedTypeNamesCoverTypesAnnotationsAndMethodOwners() {
    assertThat(index.mentionedTypeNames()).containsExactlyInAnyOrder(
        "com.acme.retry.Retry", "com.acme.retry.Both", "com.acme.reactive.Mono",
        "com.acme.annotation.Retry");
  }

  @Test
  void aRuleWithoutEntriesHasAnEmptyIndex() throws IOException {
    Catalog catalog = Catalog.parse("test.catalog",
        new StringReader("@rule RetryOutsideJobs\ntype com.acme.A @ a\n"));

    assertThat(catalog.forbiddenUse(RULE).isEmpty()).isFalse();
    assertThat(catalog.forbiddenUse("SleepInRequestPath").isEmpty()).isTrue();
    assertThat(catalog.forbiddenUse("SleepInRequestPath").mentionedTypeNames()).isEmpty();
  }

  @Test
  void aConstructorEntryAnswersConstructionOnlyAndATypeEntryCoversConstructionToo() {
    ForbiddenUseIndex threads = index("""
        @rule RetryOutsideJobs
        constructor com.acme.Worker @ constructing it
        """);

    assertThat(threads.constructor("com.acme.Worker"))
        .hasValueSatisfying(e -> assertThat(e.kind()).isEqualTo(EntryKind.CONSTRUCTOR));
    assertThat(threads.type("com.acme.Worker")).isEmpty();
    assertThat(threads.method("com.acme.Worker", "sleep")).isEmpty();
    assertThat(threads.constructor("com.acme.Worker$Builder")).isEmpty();
    assertThat(threads.mentionedTypeNames()).containsExactly("com.acme.Worker");
    assertThat(threads.isEmpty()).isFalse();
    assertThat(index.constructor("com.acme.retry.Retry"))
        .hasValueSatisfying(e -> assertThat(e.kind()).isEqualTo(EntryKind.TYPE));
    assertThat(index.constructor("com.acme.reactive.Mono")).isEmpty();
  }

  @Test
  void methodNamesAreThoseOfTheMethodEntriesWhateverTheOwner() {
    assertThat(index.methodNames()).containsExactlyInAnyOrder("retry", "retryWhen");
  }

  @Test
  void theKindsOfEntryARuleHasAreAnsweredSoEnginesCanSkipTheOthers() {
    assertThat(index.hasTypes()).isTrue();
    assertThat(index.hasAnnotations()).isTrue();
    assertThat(index.hasConstructors()).isFalse();

    ForbiddenUseIndex constructorsOnly = index("""
        @rule RetryOutsideJobs
        constructor com.acme.pool.Pool @ a private pool
        """);
    assertThat(constructorsOnly.hasConstructors()).isTrue();
    assertThat(constructorsOnly.hasTypes()).isFalse();
    assertThat(constructorsOnly.hasAnnotations()).isFalse();
    assertThat(constructorsOnly.methodNames()).isEmpty();
  }
}
