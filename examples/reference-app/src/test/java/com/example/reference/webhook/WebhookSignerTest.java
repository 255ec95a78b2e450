package com.example.reference.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WebhookSignerTest {
  /** The example of the Standard Webhooks specification. */
  private static final WebhookSecret SPEC_SECRET =
      WebhookSecret.parse("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");

  @Test
  void signsAsTheStandardWebhooksExample() {
    Map<String, String> headers = WebhookSigner.headers("msg_p5jXN8AQM9LWM0D4loKWxJek",
        Instant.ofEpochSecond(1614265330), "{\"test\": 2432232314}", SPEC_SECRET);

    assertThat(headers).containsExactly(
        Map.entry("webhook-id", "msg_p5jXN8AQM9LWM0D4loKWxJek"),
        Map.entry("webhook-timestamp", "1614265330"),
        Map.entry("webhook-signature", "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="));
  }

  @Test
  void anotherBodyOrTimestampGetsAnotherSignature() {
    String signature = WebhookSigner.headers("msg_1", Instant.ofEpochSecond(1), "{}", SPEC_SECRET)
        .get("webhook-signature");

    assertThat(WebhookSigner.headers("msg_1", Instant.ofEpochSecond(2), "{}", SPEC_SECRET)
        .get("webhook-signature")).isNotEqualTo(signature);
    assertThat(WebhookSigner.headers("msg_1", Instant.ofEpochSecond(1), "{ }", SPEC_SECRET)
        .get("webhook-signature")).isNotEqualTo(signature);
  }

  @Test
  void aSecretWithoutThePrefixOrNotBase64IsRejected() {
    assertThatThrownBy(() -> WebhookSecret.parse("MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("starts with 'whsec_'");
    assertThatThrownBy(() -> WebhookSecret.parse("whsec_not base64!"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is not base64");
    assertThatThrownBy(() -> WebhookSecret.parse("whsec_"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no key bytes");
    assertThat(SPEC_SECRET.toString()).doesNotContain("MfKQ");
  }
}
