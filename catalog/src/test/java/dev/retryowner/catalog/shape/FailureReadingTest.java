package dev.retryowner.catalog.shape;

import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.catalog.CodeWords;
import dev.retryowner.catalog.StatusCheck.Polarity;
import dev.retryowner.catalog.shape.Code.Binary;
import dev.retryowner.catalog.shape.Code.Block;
import dev.retryowner.catalog.shape.Code.Catch;
import dev.retryowner.catalog.shape.Code.Jump;
import dev.retryowner.catalog.shape.Code.JumpKind;
import dev.retryowner.catalog.shape.Code.Literal;
import dev.retryowner.catalog.shape.Code.Name;
import dev.retryowner.catalog.shape.Code.Unary;
import java.util.List;
import org.junit.jupiter.api.Test;

class FailureReadingTest {

  private static Code name(String name) {
    return new Name(name, name);
  }

  private static Code compare(Code left, String operator, Object value) {
    return new Binary(operator, operator, left, new Literal(value, value));
  }

  @Test
  void aCallbackNamedForAFailureRunsAfterOneButAQuestionAboutItDoesNot() {
    assertThat(List.of("onError", "onFailure", "failed", "retriesExhausted", "handleException"))
        .allMatch(FailureReading::isFailureCallbackName);
    assertThat(List.of("isFailed", "hasError", "getErrorCount", "shouldRetryOnException",
        "completed", "onSuccess", "run")).noneMatch(FailureReading::isFailureCallbackName);
  }

  @Test
  void aStatusComparedWithAnErrorValueIsAnErrorCheck() {
    assertThat(FailureReading.polarity(compare(name("status"), ">=", 500)))
        .isEqualTo(Polarity.ERROR);
    assertThat(FailureReading.polarity(new Unary("!", "!",
        compare(name("statusCode"), "==", 200)))).isEqualTo(Polarity.ERROR);
    assertThat(FailureReading.polarity(compare(name("count"), ">=", 500)))
        .isEqualTo(Polarity.NONE);
  }

  @Test
  void aFailureThatIsThereDecidesABranchButNotALoop() {
    Code failurePresent = compare(name("cause"), "!=", null);

    assertThat(FailureReading.branchPolarity(failurePresent)).isEqualTo(Polarity.ERROR);
    assertThat(FailureReading.branchPolarity(compare(name("error"), "==", null)))
        .isEqualTo(Polarity.SUCCESS);
    assertThat(FailureReading.polarity(failurePresent)).isEqualTo(Polarity.NONE);
    assertThat(FailureReading.branchPolarity(compare(name("reply"), "!=", null)))
        .isEqualTo(Polarity.NONE);
  }

  @Test
  void aCatchThatEndsInThrowIsNoFailureCatch() {
    Jump rethrow = new Jump("throw", JumpKind.THROW, null, name("e"));
    Catch rethrowing = new Catch("c", "e", List.of("java.io.IOException"),
        new Block("b", List.of(rethrow)));
    Catch swallowing = new Catch("c", "e", List.of("IOException"), new Block("b", List.of()));

    assertThat(FailureReading.isFailureCatch(rethrowing)).isFalse();
    assertThat(FailureReading.isFailureCatch(swallowing)).isTrue();
  }

  @Test
  void failureTypesAreNamedSo() {
    assertThat(FailureReading.isFailureType("java.io.IOException")).isTrue();
    assertThat(FailureReading.isFailureType("Throwable")).isTrue();
    assertThat(FailureReading.isFailureType("AssertionError")).isTrue();
    assertThat(FailureReading.isFailureType("Session")).isFalse();
  }

  @Test
  void textWithoutAnyFailureWordNeedsNoParse() {
    assertThat(mayAppearIn("class A { void f() { g(); } }")).isFalse();
    assertThat(mayAppearIn("/** @throws IOException */ void f() { g(\"Error\"); }")).isFalse();
    assertThat(mayAppearIn("try { g(); } catch (X e) {}")).isTrue();
    assertThat(mayAppearIn("void failed(IOException cause) {}")).isTrue();
    assertThat(mayAppearIn("if (r.statusCode() >= 500) {}")).as("a status check").isTrue();
  }

  @Test
  void aFailureDeclaredOrRaisedIsNoSignal() {
    assertThat(mayAppearIn("void f() throws IOException, TimeoutException { g(); }")).isFalse();
    assertThat(mayAppearIn("abstract void f() throws Exception; void g() {}")).isFalse();
    assertThat(mayAppearIn("if (x < 0) throw new java.lang.IllegalArgumentException(\"\");"))
        .isFalse();
    assertThat(mayAppearIn("throw new IllegalStateException(cause);"))
        .as("the throw's arguments are read").isTrue();
    assertThat(mayAppearIn("throw failure;")).isTrue();
    assertThat(mayAppearIn("void f() throws IOException { try { g(); } catch (IOException e) {}"
        + " }")).isTrue();
  }

  private static boolean mayAppearIn(String sourceText) {
    return FailureReading.mayAppearIn(CodeWords.of(sourceText));
  }

}
