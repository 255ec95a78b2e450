package dev.retryowner.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringReader;
import org.junit.jupiter.api.Test;

class CatalogMethodsTest {
  @Test
  void findsMethodEntriesOfTheRuleByExactOwnerAndName() throws IOException {
    Catalog catalog = Catalog.parse("team.catalog", new StringReader("""
        @rule HandRolledRetry
        method com.acme.Clock#pause @ waits
        @rule RetryOutsideJobs
        method com.acme.Retrier#run @ retries
        """));

    CatalogMethods delays = catalog.delayCalls("HandRolledRetry");

    assertThat(delays.method("com.acme.Clock", "pause")).get()
        .extracting(CatalogEntry::reason).isEqualTo("waits");
    assertThat(delays.method("com.acme.Clock", "now")).isEmpty();
    assertThat(delays.method("com.acme.Retrier", "run")).isEmpty();
    assertThat(delays.methodNames()).containsExactly("pause");
    assertThat(catalog.delayCalls("HandRolledRetry")).isSameAs(delays);
  }

  @Test
  void theShapeCallsHoldEveryCallKindTheShapesReadEachWithItsKind() throws IOException {
    Catalog catalog = Catalog.parse("team.catalog", new StringReader("""
        @rule HandRolledRetry
        method com.acme.Clock#pause @ waits
        resend-call com.acme.Channel#send @ sends
        redelivery-call com.acme.Channel#nack(*, false) @ requeues
        backoff-call com.acme.Schedule#next @ asks for the next wait
        @rule RetryOutsideJobs
        method com.acme.Retrier#run @ retries
        """));

    CatalogMethods calls = catalog.shapeCalls("HandRolledRetry");

    assertThat(calls.method("com.acme.Channel", "send")).get()
        .extracting(CatalogEntry::kind).isEqualTo(EntryKind.RESEND_CALL);
    assertThat(calls.method("com.acme.Channel", "nack")).get()
        .extracting(CatalogEntry::kind).isEqualTo(EntryKind.REDELIVERY_CALL);
    assertThat(calls.method("com.acme.Schedule", "next")).get()
        .extracting(CatalogEntry::kind).isEqualTo(EntryKind.BACKOFF_CALL);
    assertThat(calls.method("com.acme.Clock", "pause")).get()
        .extracting(CatalogEntry::kind).isEqualTo(EntryKind.METHOD);
    assertThat(calls.methodNames()).containsExactlyInAnyOrder("pause", "send", "nack", "next");
    assertThat(catalog.delayCalls("HandRolledRetry").methodNames()).containsExactly("pause");
    assertThat(catalog.shapeCalls("HandRolledRetry")).isSameAs(calls);
    assertThat(catalog.forbiddenUse("HandRolledRetry").method("com.acme.Channel", "send"))
        .as("a single call is no violation").isEmpty();
  }

  @Test
  void theBundledCatalogListsTheJdkAndGuavaDelayCalls() {
    CatalogMethods delays = Catalog.bundled().delayCalls("HandRolledRetry");

    assertThat(delays.method("java.lang.Thread", "sleep")).isPresent();
    assertThat(delays.method("java.util.concurrent.ScheduledExecutorService", "schedule"))
        .isPresent();
    assertThat(delays.method("com.google.common.util.concurrent.Uninterruptibles",
        "sleepUninterruptibly")).isPresent();
    assertThat(delays.method("java.lang.Thread", "start")).isEmpty();
  }

  @Test
  void theBundledCatalogListsOkHttpsChainProceedAsAResendCall() {
    CatalogMethods calls = Catalog.bundled().shapeCalls("HandRolledRetry");

    assertThat(calls.method("okhttp3.Interceptor$Chain", "proceed")).get()
        .extracting(CatalogEntry::kind).isEqualTo(EntryKind.RESEND_CALL);
  }
}
