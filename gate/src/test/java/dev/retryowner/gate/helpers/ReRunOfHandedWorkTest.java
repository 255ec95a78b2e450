package dev.retryowner.gate.helpers;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The bytecode facts that make a library method a retry helper, on the fixture library. */
class ReRunOfHandedWorkTest {
  private final ReRunOfHandedWork reRuns =
      new ReRunOfHandedWork(ReRunOfHandedWorkTest.class.getClassLoader());

  @Test
  void aLoopThatCallsTheHandedWorkAgainFromItsCatchAndReturnsOnSuccessReRunsIt() {
    Optional<ReRunOfHandedWork.ReRun> reRun = reRuns.of("teamlib/retry/Attempts", "upTo",
        "(ILjava/util/concurrent/Callable;)Ljava/lang/Object;", 1);

    assertThat(reRun).map(ReRunOfHandedWork.ReRun::where)
        .contains("Attempts#upTo (Attempts.java:14)");
  }

  @Test
  void onlyTheParameterThatHoldsTheWorkIsReRun() {
    assertThat(reRuns.of("teamlib/retry/Attempts", "upTo",
        "(ILjava/util/concurrent/Callable;)Ljava/lang/Object;", 0)).isEmpty();
  }

  @Test
  void workHandedOnInALambdaIsReRunWhereTheLambdaIs() {
    assertThat(reRuns.of("teamlib/retry/Attempts", "run", "(ILjava/lang/Runnable;)V", 1))
        .map(ReRunOfHandedWork.ReRun::where).contains("Attempts#upTo (Attempts.java:14)");
  }

  @Test
  void workHandedOnToAPrivateMethodOfAnInstanceIsReRunThere() {
    assertThat(reRuns.of("teamlib/retry/Remote", "send",
        "(Ljava/util/function/Supplier;)Ljava/lang/Object;", 0))
        .map(ReRunOfHandedWork.ReRun::where).contains("Remote#attempt (Remote.java:22)");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "forEachLogged | (Ljava/util/List;Ljava/util/function/Consumer;)V | 1",
      "every | (JLjava/lang/Runnable;Ljava/util/function/BooleanSupplier;)V | 1",
      "logged | (Ljava/lang/Runnable;)V | 0",
      "firstAnswer | (Ljava/util/List;)Ljava/lang/Object; | 0",
      "awaitUninterruptibly | (Ljava/util/concurrent/Future;)Ljava/lang/Object; | 0",
      "closingOnFailure | (Ljava/util/concurrent/Callable;Ljava/lang/AutoCloseable;)"
          + "Ljava/lang/Object; | 0"})
  void workRunUnderACatchOrInALoopThatDoesNotRunItAgainAfterItFailedIsNoReRun(String method,
      String descriptor, int parameter) {
    assertThat(reRuns.of("teamlib/retry/Lookalikes", method, descriptor, parameter)).isEmpty();
  }

  @Test
  void aClassNotOnTheClassPathOrAJdkClassIsNoHelper() {
    assertThat(reRuns.of("teamlib/retry/Missing", "upTo", "(Ljava/lang/Runnable;)V", 0))
        .isEmpty();
    assertThat(reRuns.of("java/util/concurrent/CompletableFuture", "supplyAsync",
        "(Ljava/util/function/Supplier;)Ljava/util/concurrent/CompletableFuture;", 0)).isEmpty();
  }
}
