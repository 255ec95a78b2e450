package dev.retryowner.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.annotations.RetryOwnerExempt;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ExemptionsTest {
  private static final String RULE = "RetryOutsideJobs";

  private static Finding finding(String rule, String className, String member, int line) {
    return new Finding(rule, className, member, "com/acme/Foo.java", line, Site.CALL,
        "pkg.Retry#of", "calls pkg.Retry#of", "retries");
  }

  @Test
  void theAnnotationNamesAreTheAnnotationsOwn() {
    assertThat(Exemption.ANNOTATION).isEqualTo(RetryOwnerExempt.class.getName());
    assertThat(Exemption.CONTAINER).isEqualTo(RetryOwnerExempt.List.class.getName());
  }

  @Test
  void aClassExemptionCoversTheClassAndEveryClassNestedInIt() {
    Exemptions exemptions = new Exemptions(Set.of());
    Exemption onClass = new Exemption(RULE, "legacy", "com.acme.Foo", "");
    exemptions.add(onClass);

    assertThat(exemptions.covering(finding(RULE, "com.acme.Foo", "run()", 3))).contains(onClass);
    assertThat(exemptions.covering(finding(RULE, "com.acme.Foo$1", "run()", 3)))
        .contains(onClass);
    assertThat(exemptions.covering(finding(RULE, "com.acme.Foo$Inner", "", 3)))
        .contains(onClass);
    assertThat(exemptions.covering(finding(RULE, "com.acme.FooBar", "run()", 3))).isEmpty();
  }

  @Test
  void anExemptionCoversOnlyTheRuleItNames() {
    Exemptions exemptions = new Exemptions(Set.of());
    exemptions.add(new Exemption(RULE, "legacy", "com.acme.Foo", ""));

    assertThat(exemptions.covering(finding("SleepInRequestPath", "com.acme.Foo", "", 3)))
        .isEmpty();
  }

  @Test
  void aMemberExemptionCoversThatMemberItsLocalClassesAndNothingElse() {
    Exemptions exemptions = new Exemptions(Set.of());
    Exemption onMethod = new Exemption(RULE, "legacy", "com.acme.Foo", "run()");
    exemptions.add(onMethod);
    exemptions.addLocalClass(onMethod, "com.acme.Foo$1");

    assertThat(exemptions.covering(finding(RULE, "com.acme.Foo", "run()", 3))).contains(onMethod);
    assertThat(exemptions.covering(finding(RULE, "com.acme.Foo$1", "get()", 5)))
        .contains(onMethod);
    assertThat(exemptions.covering(finding(RULE, "com.acme.Foo", "other()", 9))).isEmpty();
    assertThat(exemptions.covering(finding(RULE, "com.acme.Foo$2", "get()", 11))).isEmpty();
  }

  @Test
  void aFieldExemptionCoversItsInitializerLinesOnly() {
    Exemptions exemptions = new Exemptions(Set.of());
    Exemption onField = new Exemption(RULE, "legacy", "com.acme.Foo", "retry");
    exemptions.add(onField);
    exemptions.addInitializerLine(onField, "<init>()", 4);

    assertThat(exemptions.covering(finding(RULE, "com.acme.Foo", "retry", 0))).contains(onField);
    assertThat(exemptions.covering(finding(RULE, "com.acme.Foo", "<init>()", 4)))
        .contains(onField);
    assertThat(exemptions.covering(finding(RULE, "com.acme.Foo", "<init>()", 7))).isEmpty();
  }

  @Test
  void anInvalidExemptionCoversNothingAndIsListed() {
    Exemptions exemptions = new Exemptions(Set.of());
    Exemption blank = new Exemption(RULE, "  ", "com.acme.Foo", "");
    Exemption unknown = new Exemption("RetryOutsideJob", "legacy", "com.acme.Bar", "");
    exemptions.add(blank);
    exemptions.add(unknown);
    exemptions.addLocalClass(blank, "com.acme.Foo$1");

    assertThat(exemptions.covering(finding(RULE, "com.acme.Foo", "", 3))).isEmpty();
    assertThat(exemptions.covering(finding(RULE, "com.acme.Foo$1", "", 3))).isEmpty();
    assertThat(exemptions.invalid()).containsExactly(blank, unknown);
  }

  @Test
  void aBlankReasonOrAnUnknownRuleIsAProblemThatSaysTheFix() {
    assertThat(new Exemption(RULE, "", "com.acme.Foo", "").problem(Set.of()))
        .hasValueSatisfying(p -> assertThat(p).contains("gives no reason"));
    assertThat(new Exemption("Nope", "legacy", "com.acme.Foo", "").problem(Set.of()))
        .hasValueSatisfying(p -> assertThat(p).contains("'Nope'").contains("RetryOutsideJobs"));
    assertThat(new Exemption(RULE, "legacy", "com.acme.Foo", "").problem(Set.of())).isEmpty();
  }

  @Test
  void anExemptionWithSeveralProblemsNamesThemAllAtOnce() {
    assertThat(new Exemption("Nope", " ", "com.acme.Foo", "").problem(Set.of()))
        .hasValueSatisfying(p -> assertThat(p).startsWith("names no rule retry-owner knows: 'Nope'")
            .contains("; it also gives no reason. Say why this code may break Nope"));
  }

  @Test
  void extraRuleNamesSuchAsCustomRulesAreValid() {
    assertThat(new Exemption("TeamRule", "legacy", "com.acme.Foo", "").problem(Set.of("TeamRule")))
        .isEmpty();
    Exemptions exemptions = new Exemptions(Set.of("TeamRule"));
    exemptions.add(new Exemption("TeamRule", "legacy", "com.acme.Foo", ""));
    assertThat(exemptions.covering(finding("TeamRule", "com.acme.Foo", "", 3))).isPresent();
    assertThat(exemptions.invalid()).isEmpty();
  }

  @Test
  void theElementIsTheClassOrTheClassAndMember() {
    assertThat(new Exemption(RULE, "r", "com.acme.Foo", "").element()).isEqualTo("com.acme.Foo");
    assertThat(new Exemption(RULE, "r", "com.acme.Foo", "run()").element())
        .isEqualTo("com.acme.Foo#run()");
  }

  @Test
  void membersWrittenByBytecodeAndBySourceAreTheSame() {
    assertThat(Exemptions.sameMember("charge(java.util.function.Supplier, int)",
        "charge(Supplier<String>, int)")).isTrue();
    assertThat(Exemptions.sameMember("run([Ljava.lang.String;)", "run(String...)")).isTrue();
    assertThat(Exemptions.sameMember("<init>(com.acme.Foo$Bar)", "<init>(Foo.Bar)")).isTrue();
    assertThat(Exemptions.sameMember("retry", "retry")).isTrue();
    assertThat(Exemptions.sameMember("charge(java.lang.String)", "charge(int)")).isFalse();
    assertThat(Exemptions.sameMember("charge()", "refund()")).isFalse();
    assertThat(Exemptions.sameMember("charge(java.util.Map)", "charge(Map<String, Integer>)"))
        .isTrue();
  }
}
