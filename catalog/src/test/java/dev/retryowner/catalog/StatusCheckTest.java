package dev.retryowner.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.catalog.StatusCheck.Polarity;
import org.junit.jupiter.api.Test;

class StatusCheckTest {
  @Test
  void aSourceTextMayHoldAStatusCheckOnlyWithAMethodOrANameAndAValue() {
    assertThat(StatusCheck.mayAppearIn(CodeWords.of("if (response.isSuccessful()) {}"))).isTrue();
    assertThat(StatusCheck.mayAppearIn(CodeWords.of("if (s.is5xxServerError()) {}"))).isTrue();
    assertThat(StatusCheck.mayAppearIn(CodeWords.of("if (r.statusCode() >= 500) {}"))).isTrue();
    assertThat(StatusCheck.mayAppearIn(CodeWords.of("if (code != 0x1F4) {}"))).isTrue();
    assertThat(StatusCheck.mayAppearIn(CodeWords.of("if (code < 3_00) {}"))).isTrue();
    assertThat(StatusCheck.mayAppearIn(CodeWords.of("/** {@code x} */ int h = hashCode();")))
        .as("a status or code name without a value").isFalse();
    assertThat(StatusCheck.mayAppearIn(CodeWords.of("if (r.status() == 1000) {}"))).isFalse();
    assertThat(StatusCheck.mayAppearIn(CodeWords.of("if (r.isSuccessfulish()) {}"))).isFalse();
  }

  @Test
  void errorComparisons() {
    assertThat(StatusCheck.ofComparison(">=", 500, false)).isEqualTo(Polarity.ERROR);
    assertThat(StatusCheck.ofComparison("==", 429, false)).isEqualTo(Polarity.ERROR);
    assertThat(StatusCheck.ofComparison("!=", 200, false)).isEqualTo(Polarity.ERROR);
    assertThat(StatusCheck.ofComparison(">", 399, false)).isEqualTo(Polarity.ERROR);
    assertThat(StatusCheck.ofComparison("<=", 500, true)).isEqualTo(Polarity.ERROR);
  }

  @Test
  void successComparisons() {
    assertThat(StatusCheck.ofComparison("==", 200, false)).isEqualTo(Polarity.SUCCESS);
    assertThat(StatusCheck.ofComparison("<", 300, false)).isEqualTo(Polarity.SUCCESS);
    assertThat(StatusCheck.ofComparison(">", 300, true)).isEqualTo(Polarity.SUCCESS);
  }

  @Test
  void comparisonsThatSingleOutNoOutcome() {
    assertThat(StatusCheck.ofComparison("<", 200, false)).isEqualTo(Polarity.NONE);
    assertThat(StatusCheck.ofComparison("!=", 503, false)).isEqualTo(Polarity.NONE);
    assertThat(StatusCheck.ofComparison(">=", 1, false)).isEqualTo(Polarity.NONE);
    assertThat(StatusCheck.ofComparison("==", 0, false)).isEqualTo(Polarity.NONE);
  }

  @Test
  void credentialChallengesAreEqualityWith401Or407Only() {
    assertThat(StatusCheck.isCredentialChallenge("==", 401)).isTrue();
    assertThat(StatusCheck.isCredentialChallenge("==", 407)).isTrue();
    assertThat(StatusCheck.isCredentialChallenge("==", 403)).isFalse();
    assertThat(StatusCheck.isCredentialChallenge(">=", 401)).isFalse();
    assertThat(StatusCheck.isCredentialChallenge("!=", 401)).isFalse();
    assertThat(StatusCheck.ofComparison("==", 401, false))
        .as("still an error for the loop shape").isEqualTo(Polarity.ERROR);
  }

  @Test
  void methodsAndNames() {
    assertThat(StatusCheck.ofMethod("isSuccessful")).isEqualTo(Polarity.SUCCESS);
    assertThat(StatusCheck.ofMethod("is5xxServerError")).isEqualTo(Polarity.ERROR);
    assertThat(StatusCheck.ofMethod("isEmpty")).isEqualTo(Polarity.NONE);
    assertThat(Polarity.SUCCESS.negated()).isEqualTo(Polarity.ERROR);
    assertThat(Polarity.NONE.negated()).isEqualTo(Polarity.NONE);
    assertThat(StatusCheck.isStatusName("statusCode")).isTrue();
    assertThat(StatusCheck.isStatusName("getStatus")).isTrue();
    assertThat(StatusCheck.isStatusName("attempt")).isFalse();
  }

  @Test
  void aConstantNamedForAnHttpStatusStandsForItsCode() {
    assertThat(StatusCheck.namedStatus("HTTP_UNAVAILABLE")).contains(503);
    assertThat(StatusCheck.namedStatus("SERVICE_UNAVAILABLE")).contains(503);
    assertThat(StatusCheck.namedStatus("SC_TOO_MANY_REQUESTS")).contains(429);
    assertThat(StatusCheck.namedStatus("HTTP_OK")).contains(200);
    assertThat(StatusCheck.namedStatus("MAX_ATTEMPTS")).isEmpty();
    assertThat(StatusCheck.mayAppearIn(CodeWords.of("if (c == HttpURLConnection.HTTP_UNAVAILABLE) {}")))
        .isTrue();
    assertThat(StatusCheck.mayAppearIn(CodeWords.of("if (c == SERVICE_UNAVAILABLE_PAGE) {}"))).isFalse();
  }
}
