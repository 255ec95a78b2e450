package dev.retryowner.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import java.util.OptionalInt;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CatalogParserTest {
  private static final String FILE = "team.catalog";

  private static List<CatalogEntry> parse(String text) throws IOException {
    return CatalogParser.parse(FILE, new StringReader(text));
  }

  private static void assertRejected(String text, int line, String problem) {
    assertThatThrownBy(() -> parse(text))
        .isInstanceOfSatisfying(CatalogFormatException.class, e -> {
          assertThat(e.file()).isEqualTo(FILE);
          assertThat(e.line()).isEqualTo(line);
        })
        .hasMessage(FILE + ":" + line + ": " + problem);
  }

  @Test
  void readsEveryKindWithRuleLibraryReasonAndOrigin() throws IOException {
    List<CatalogEntry> entries = parse("""
        @rule RetryOutsideJobs
        @library resilience4j-retry 2.4.0
        type io.github.resilience4j.retry.Retry @ decorates calls with retries
        method reactor.core.publisher.Mono#retry @ re-subscribes after an error
        @library MicroProfile
        annotation org.eclipse.microprofile.faulttolerance.Retry @ retries the method
        """);

    assertThat(entries).containsExactly(
        new CatalogEntry("RetryOutsideJobs", EntryKind.TYPE, "io.github.resilience4j.retry.Retry",
            "", "decorates calls with retries", "resilience4j-retry 2.4.0", FILE + ":3"),
        new CatalogEntry("RetryOutsideJobs", EntryKind.METHOD, "reactor.core.publisher.Mono",
            "retry", "re-subscribes after an error", "resilience4j-retry 2.4.0", FILE + ":4"),
        new CatalogEntry("RetryOutsideJobs", EntryKind.ANNOTATION,
            "org.eclipse.microprofile.faulttolerance.Retry", "", "retries the method",
            "MicroProfile", FILE + ":6"));
  }

  @Test
  void readsAttemptsForTheEntriesOfTheirBlockOnly() throws IOException {
    List<CatalogEntry> entries = parse("""
        @rule RetryOutsideJobs
        @library resilience4j-retry 2.4.0
        @attempts 3
        type io.github.resilience4j.retry.Retry @ decorates calls with retries
        attempts-argument io.github.resilience4j.retry.RetryConfig$Builder#maxAttempts(0) @ sets it
        @library MicroProfile
        annotation org.eclipse.microprofile.faulttolerance.Retry @ retries the method
        """);

    assertThat(entries).extracting(CatalogEntry::attempts).containsExactly(OptionalInt.of(3),
        OptionalInt.of(3), OptionalInt.empty());
    assertThat(entries.get(1).kind()).isEqualTo(EntryKind.ATTEMPTS_ARGUMENT);
    assertThat(entries.get(1).attemptsArgumentIndex()).isZero();
  }

  @Test
  void readsClientCallsAndEntryTypes() throws IOException {
    List<CatalogEntry> entries = parse("""
        @rule RetryAmplification
        entry-type com.acme.jobs.Handler @ the runtime calls it once per attempt
        client-call com.acme.http.Client @ every method sends a request
        client-call com.acme.http.Connection#send @ this one sends
        """);

    assertThat(entries).extracting(CatalogEntry::kind)
        .containsExactly(EntryKind.ENTRY_TYPE, EntryKind.CLIENT_CALL, EntryKind.CLIENT_CALL);
    assertThat(entries).extracting(CatalogEntry::target).containsExactly(
        "com.acme.jobs.Handler", "com.acme.http.Client", "com.acme.http.Connection#send");
  }

  @Test
  void rejectsAnAttemptCountThatIsNoneOrBelowOne() {
    for (String count : List.of("0", "three", "")) {
      assertRejected("@rule RetryOutsideJobs\n@attempts " + count + "\n", 2,
          "@attempts needs the attempts in all, the first one included, as a whole number of 1"
              + " or more, e.g. '@attempts 3' for a library that tries once and retries twice;"
              + " found '" + count + "'");
    }
  }

  @Test
  void rejectsAnAttemptsArgumentWithoutOneIndex() {
    assertRejected("@rule RetryOutsideJobs\nattempts-argument com.acme.Config#maxAttempts @ n\n",
        2, "an attempts-argument entry names the index (from 0) of the argument that holds the"
            + " count, e.g. 'pkg.RetryConfig$Builder#maxAttempts(0)'; found"
            + " 'com.acme.Config#maxAttempts'");
    assertRejected("@rule RetryOutsideJobs\nattempts-argument com.acme.Config#of(0, 1) @ n\n",
        2, "an attempts-argument entry names one argument index (from 0) in parentheses, e.g."
            + " 'pkg.RetryConfig$Builder#maxAttempts(0)'; found '(0, 1)'");
    assertRejected("@rule RetryOutsideJobs\nattempts-argument com.acme.Config#of(count) @ n\n",
        2, "an attempts-argument entry names one argument index (from 0) in parentheses, e.g."
            + " 'pkg.RetryConfig$Builder#maxAttempts(0)'; found '(count)'");
  }

  @Test
  void skipsCommentsAndBlankLinesButCountsThemForLineNumbers() throws IOException {
    List<CatalogEntry> entries = parse("""
        # a comment

           # an indented comment
        @rule RetryOutsideJobs
        \t
          type com.acme.Retrying @ indented entries are read too
        """);

    assertThat(entries).singleElement().satisfies(e -> {
      assertThat(e.typeName()).isEqualTo("com.acme.Retrying");
      assertThat(e.origin()).isEqualTo(FILE + ":6");
      assertThat(e.library()).isEmpty();
    });
  }

  @Test
  void emptyTextHasNoEntries() throws IOException {
    assertThat(parse("")).isEmpty();
    assertThat(parse("# only a comment\n\n")).isEmpty();
  }

  @Test
  void keepsTheWholeReasonIncludingSeparatorsInside() throws IOException {
    List<CatalogEntry> entries = parse("""
        @rule RetryOutsideJobs
        type com.acme.Retrying @ retries 3 times @ 500 ms
        """);

    assertThat(entries).singleElement()
        .extracting(CatalogEntry::reason).isEqualTo("retries 3 times @ 500 ms");
  }

  @Test
  void nestedTypesUseBinaryNamesAndReadWithDots() throws IOException {
    CatalogEntry entry = parse("""
        @rule RetryOutsideJobs
        method com.acme.Outer$Builder#retries @ configures retries
        """).get(0);

    assertThat(entry.typeName()).isEqualTo("com.acme.Outer$Builder");
    assertThat(entry.target()).isEqualTo("com.acme.Outer$Builder#retries");
    assertThat(entry.displayName()).isEqualTo("com.acme.Outer.Builder#retries");
  }

  @Test
  void sameTargetUnderDifferentKindsIsNoDuplicate() throws IOException {
    assertThat(parse("""
        @rule RetryOutsideJobs
        type com.acme.Retrying @ the whole type
        method com.acme.Retrying#run @ one method
        method com.acme.Retrying#runAsync @ another method
        """)).hasSize(3);
  }

  @Test
  void rejectsAnEntryWithoutReason() {
    assertRejected("@rule RetryOutsideJobs\ntype com.acme.Retrying\n", 2,
        "missing reason: end the entry with ' @ <why it is listed>'");
  }

  @Test
  void rejectsAnAtSignWithoutSpacesAsMissingReason() {
    assertRejected("@rule RetryOutsideJobs\ntype com.acme.Retrying@why\n", 2,
        "missing reason: end the entry with ' @ <why it is listed>'");
  }

  @Test
  void rejectsAnEmptyReason() {
    assertRejected("@rule RetryOutsideJobs\ntype com.acme.Retrying @   \n", 2,
        "empty reason after ' @ ': say why the entry is listed");
    assertRejected("@rule RetryOutsideJobs\ntype com.acme.Retrying @\n", 2,
        "empty reason after ' @ ': say why the entry is listed");
  }

  @Test
  void rejectsAnUnknownKind() {
    assertRejected("@rule RetryOutsideJobs\nclass com.acme.Retrying @ why\n", 2,
        "unknown kind 'class'; expected one of type, method, constructor, annotation,"
            + " scope-annotation, scope-type, construct-only-in, retrying-constructor,"
            + " client-builder, no-retry, retrying-factory, retrying-call, switch-on, resend-call,"
            + " redelivery-call, backoff-call, state-query, address-lookup, client-call, entry-type,"
            + " attempts-argument, runs");
  }

  @Test
  void rejectsTheWrongNumberOfWords() {
    assertRejected("@rule RetryOutsideJobs\ntype com.acme.Retrying extra @ why\n", 2,
        "expected '<kind> <target> @ <reason>' but found 3 word(s) before ' @ '");
    assertRejected("@rule RetryOutsideJobs\ncom.acme.Retrying @ why\n", 2,
        "expected '<kind> <target> @ <reason>' but found 1 word(s) before ' @ '");
  }

  @Test
  void rejectsAnUnknownDirective() {
    assertRejected("@rules RetryOutsideJobs\n", 1,
        "unknown directive '@rules'; expected @rule, @library, @unless-jvm-property or"
            + " @attempts");
  }

  @Test
  void rejectsALibraryWithoutLabel() {
    assertRejected("@rule RetryOutsideJobs\n@library\n", 2,
        "@library needs a label, e.g. '@library resilience4j-retry 2.4.0'");
  }

  @Test
  void rejectsAnEntryBeforeAnyRule() {
    assertRejected("# team catalog\ntype com.acme.Retrying @ why\n", 2,
        "entry before any '@rule <RuleName>' line: say which rule it feeds");
  }

  @Test
  void rejectsAnUnknownRuleNamingTheKnownOnes() {
    assertRejected("@rule RetryEverywhere\n", 1,
        "unknown rule 'RetryEverywhere'; known rules: RetryOutsideJobs, HandRolledRetry,"
        + " HttpClientRetries, MeiliClientRetries, SleepInRequestPath, JobsInternalsOutsideJobs,"
        + " QueueEngineOutsideAdapter, ThreadOutsideInfra, SchedulingOutsideJobs, InvalidExemption,"
        + " RetryAmplification");
    assertRejected("@rule\n", 1, "unknown rule ''; known rules: RetryOutsideJobs, HandRolledRetry,"
        + " HttpClientRetries, MeiliClientRetries, SleepInRequestPath, JobsInternalsOutsideJobs,"
        + " QueueEngineOutsideAdapter, ThreadOutsideInfra, SchedulingOutsideJobs, InvalidExemption,"
        + " RetryAmplification");
  }

  @Test
  void readsAConstructorEntryAndRejectsOneNamingAMember() throws Exception {
    Catalog catalog = Catalog.parse("team.catalog", new java.io.StringReader(
        "@rule ThreadOutsideInfra\nconstructor java.lang.Thread @ why\n"));
    assertThat(catalog.entries()).singleElement().satisfies(e -> {
      assertThat(e.kind()).isEqualTo(EntryKind.CONSTRUCTOR);
      assertThat(e.typeName()).isEqualTo("java.lang.Thread");
    });
    assertRejected("@rule ThreadOutsideInfra\nconstructor java.lang.Thread#<init> @ why\n", 2,
        "a constructor entry names a type, not a member: 'java.lang.Thread#<init>'");
  }

  @Test
  void rejectsAMethodEntryWithoutHash() {
    assertRejected("@rule RetryOutsideJobs\nmethod reactor.core.publisher.Mono @ why\n", 2,
        "a method entry names 'pkg.Type#method', found 'reactor.core.publisher.Mono'");
  }

  @Test
  void readsAResendCallAsAMethodTargetAndRejectsOneWithoutAMethod() throws IOException {
    List<CatalogEntry> entries = parse("""
        @rule HandRolledRetry
        @library OkHttp 4.12.0
        resend-call okhttp3.Interceptor$Chain#proceed @ sends the request down the chain
        method okhttp3.Interceptor$Chain#proceed @ the same target under another kind
        """);

    assertThat(entries).first().isEqualTo(new CatalogEntry("HandRolledRetry",
        EntryKind.RESEND_CALL, "okhttp3.Interceptor$Chain", "proceed",
        "sends the request down the chain", "OkHttp 4.12.0", FILE + ":3"));
    assertThat(entries).extracting(e -> e.kind().namesMethod()).containsExactly(true, true);
    assertRejected("@rule HandRolledRetry\nresend-call okhttp3.Interceptor$Chain @ why\n", 2,
        "a resend-call entry names 'pkg.Type#method', found 'okhttp3.Interceptor$Chain'");
    assertRejected("@rule HandRolledRetry\nresend-call okhttp3.Call#execute() @ why\n", 2,
        "a resend-call entry takes no parameter list: 'okhttp3.Call#execute()'");
  }

  @Test
  void readsARedeliveryCallWithTheArgumentsThatKeepTheMessageOrWithout() throws IOException {
    List<CatalogEntry> entries = parse("""
        @rule HandRolledRetry
        redelivery-call com.rabbitmq.client.Channel#basicNack(*, *, false) @ requeues it
        redelivery-call jakarta.jms.Session#recover @ redelivers every unacknowledged message
        """);

    assertThat(entries).extracting(CatalogEntry::kind, CatalogEntry::memberName,
        CatalogEntry::parameters).containsExactly(
            tuple(EntryKind.REDELIVERY_CALL, "basicNack", Optional.of(List.of("*", "*", "false"))),
            tuple(EntryKind.REDELIVERY_CALL, "recover", Optional.empty()));
    assertRejected("@rule HandRolledRetry\nredelivery-call com.rabbitmq.client.Channel @ why\n",
        2, "a redelivery-call entry names 'pkg.Type#method', found 'com.rabbitmq.client.Channel'");
    assertRejected("@rule HandRolledRetry\nredelivery-call com.rabbitmq.client.Channel"
        + "#basicNack(*, *, a.B#NO) @ why\n", 2, "'a.B#NO' is not an argument pattern of a"
        + " redelivery-call; write '*' or the literal that keeps the message from being"
        + " redelivered (false, 0), separated by ','");
  }

  @Test
  void rejectsAMethodEntryWithAParameterList() {
    assertRejected("@rule RetryOutsideJobs\nmethod reactor.core.publisher.Mono#retry(long) @ why\n",
        2, "a method entry takes no parameter list: 'reactor.core.publisher.Mono#retry(long)'");
  }

  @Test
  void readsTheBuilderRequirementKindsWithTheirParameterListsAndWaiver() throws IOException {
    List<CatalogEntry> entries = parse("""
        @rule HttpClientRetries
        @library OkHttp
        client-builder okhttp3.OkHttpClient$Builder @ starts a client
        no-retry okhttp3.OkHttpClient$Builder#retryOnConnectionFailure(false) @ switches off
        retrying-constructor okhttp3.OkHttpClient() @ the default client retries
        @library Azure
        no-retry com.azure.core.http.policy.FixedDelay(0, *) @ zero retries
        retrying-call com.azure.core.http.policy.RetryOptions#setMaxRetries @ turns them on
        @unless-jvm-property jdk.httpclient.disableRetryConnect=true
        retrying-factory java.net.http.HttpClient#newBuilder(java.lang.String,byte[]) @ retries
        """);

    assertThat(entries).extracting(CatalogEntry::target).containsExactly(
        "okhttp3.OkHttpClient$Builder",
        "okhttp3.OkHttpClient$Builder#retryOnConnectionFailure(false)",
        "okhttp3.OkHttpClient()",
        "com.azure.core.http.policy.FixedDelay(0, *)",
        "com.azure.core.http.policy.RetryOptions#setMaxRetries",
        "java.net.http.HttpClient#newBuilder(java.lang.String, byte[])");
    assertThat(entries.get(2).parameters()).contains(List.of());
    assertThat(entries.get(0).parameters()).isEmpty();
    assertThat(entries).extracting(CatalogEntry::unlessJvmProperty)
        .containsExactly("", "", "", "", "", "jdk.httpclient.disableRetryConnect=true");
  }

  @Test
  void readsAConstructionPatternWithItsOwnArgumentsAsOneArgument() throws IOException {
    List<CatalogEntry> entries = parse("""
        @rule HttpClientRetries
        no-retry com.acme.Builder#strategy(com.acme.Strategy(0, *), true) @ zero retries
        """);

    assertThat(entries).singleElement().satisfies(e -> {
      assertThat(e.parameters()).contains(List.of("com.acme.Strategy(0,*)", "true"));
      assertThat(e.target()).isEqualTo("com.acme.Builder#strategy(com.acme.Strategy(0,*), true)");
    });
  }

  @Test
  void aWaiverEndsAtTheNextLibrary() throws IOException {
    List<CatalogEntry> entries = parse("""
        @rule HttpClientRetries
        @library JDK
        @unless-jvm-property jdk.httpclient.disableRetryConnect=true
        retrying-factory java.net.http.HttpClient#newHttpClient @ retries
        @library HttpURLConnection
        retrying-factory java.net.URL#openConnection @ retries
        """);

    assertThat(entries).extracting(CatalogEntry::unlessJvmProperty)
        .containsExactly("jdk.httpclient.disableRetryConnect=true", "");
  }

  @Test
  void rejectsMalformedBuilderRequirementEntries() {
    assertRejected("@rule HttpClientRetries\nno-retry okhttp3.OkHttpClient$Builder#retryOnConnec"
        + "tionFailure @ why\n", 2, "a no-retry entry names the arguments that switch retries off,"
        + " e.g. 'pkg.Builder#retryOnConnectionFailure(false)' or 'pkg.Type(0, *)'; found"
        + " 'okhttp3.OkHttpClient$Builder#retryOnConnectionFailure'");
    assertRejected("@rule HttpClientRetries\nno-retry com.acme.B#retries(maybe) @ why\n", 2,
        "'maybe' is not an argument pattern; write '*', true, false, an integer,"
        + " pkg.Type#CONSTANT, pkg.Type#method() or a construction pkg.Type(patterns), separated"
        + " by ','");
    assertRejected("@rule HttpClientRetries\nno-retry com.acme.B#retries(com.acme.S(0, x)) @ why\n",
        2, "'com.acme.S(0,x)' is not an argument pattern; write '*', true, false, an integer,"
        + " pkg.Type#CONSTANT, pkg.Type#method() or a construction pkg.Type(patterns), separated"
        + " by ','");
    assertRejected("@rule HttpClientRetries\nretrying-factory com.acme.Clients#of(1) @ why\n", 2,
        "'1' is not a parameter type; write erased binary names such as java.lang.String, int or"
        + " byte[], separated by ','");
    assertRejected("@rule HttpClientRetries\nretrying-factory com.acme.Clients @ why\n", 2,
        "a retrying-factory entry names 'pkg.Type#method', found 'com.acme.Clients'");
    assertRejected("@rule HttpClientRetries\nclient-builder com.acme.B(x @ why\n", 2,
        "'com.acme.B(x' opens '(' without closing it at the end, e.g. pkg.Type#method(false)");
    assertRejected("@rule HttpClientRetries\n@unless-jvm-property retryPost\n", 2,
        "@unless-jvm-property needs 'key=value', e.g. '@unless-jvm-property"
        + " jdk.httpclient.disableRetryConnect=true'");
  }

  @Test
  void readsTheSettingThatKeepsAConstructionFromBeingAFinding() throws IOException {
    List<CatalogEntry> entries = parse("""
        @rule HttpClientRetries
        @library Kafka
        retrying-constructor com.acme.Producer unless-setting=retries:0 setting-keys=com.acme.Config#RETRIES,com.acme.Common#RETRIES @ retries by default
        """);

    UseEvidence evidence = entries.get(0).evidence();
    assertThat(evidence.unlessSetting()).contains("retries:0");
    assertThat(evidence.settingKeys()).containsExactly("com.acme.Config#RETRIES",
        "com.acme.Common#RETRIES");
    assertThat(evidence.isRequired()).isFalse();
    assertThat(evidence.readsContext()).isTrue();
  }

  @Test
  void rejectsASettingWithoutItsKeysOrWithoutAValue() {
    assertThatThrownBy(() -> parse("""
        @rule HttpClientRetries
        @library Kafka
        retrying-constructor com.acme.Producer unless-setting=retries:0 @ retries by default
        """)).hasMessageContaining("setting-keys= names the constants of an unless-setting= key");
    assertThatThrownBy(() -> parse("""
        @rule HttpClientRetries
        @library Kafka
        retrying-constructor com.acme.Producer unless-setting=retries setting-keys=com.acme.Config#RETRIES @ r
        """)).hasMessageContaining("needs one key:value, e.g. unless-setting=retries:0");
    assertThatThrownBy(() -> parse("""
        @rule HttpClientRetries
        @library Kafka
        retrying-constructor com.acme.Producer unless-setting=retries:0 setting-keys=RETRIES @ r
        """)).hasMessageContaining("'RETRIES' in setting-keys= is no constant");
  }

  @Test
  void readsTheEvidenceAFactoryOrConstructorAsksFor() throws IOException {
    List<CatalogEntry> entries = parse("""
        @rule HttpClientRetries
        @library JDK
        retrying-factory java.net.URL#openConnection used-as=java.net.HttpURLConnection,javax.net.ssl.HttpsURLConnection receiver-literal=http://,https:// receiver-input-through=java.net.URL#<init>,java.net.URI#toURL @ HTTP only
        retrying-constructor com.acme.Client(int) used-as=com.acme.HttpClient @ as HTTP only
        retrying-factory com.acme.Clients#create @ always
        """);

    assertThat(entries).extracting(CatalogEntry::evidence).containsExactly(
        new UseEvidence(List.of("java.net.HttpURLConnection", "javax.net.ssl.HttpsURLConnection"),
            List.of("http://", "https://"), List.of("java.net.URL#<init>", "java.net.URI#toURL"),
            Optional.empty(), List.of()),
        new UseEvidence(List.of("com.acme.HttpClient"), List.of()),
        UseEvidence.NONE);
    assertThat(entries.get(1).target()).isEqualTo("com.acme.Client(int)");
    assertThat(entries).extracting(e -> e.evidence().isRequired())
        .containsExactly(true, true, false);
  }

  @Test
  void readsAStaticMethodThatEverySubtypeDeclares() throws IOException {
    List<CatalogEntry> entries = parse("""
        @rule HttpClientRetries
        @library Cloud SDK service clients
        client-builder com.acme.cloud.CloudClient#builder declared-in=subtypes @ each service's
        retrying-factory com.acme.cloud.CloudClient#create declared-in=subtypes @ each service's
        no-retry com.acme.cloud.CloudClientBuilder#overrideConfiguration(*) @ checked where built
        client-builder com.acme.cloud.Override#builder @ declared by the type
        no-retry com.acme.cloud.Override$Builder#retries(0) @ sends once
        """);

    assertThat(entries).extracting(CatalogEntry::declaredInSubtypes)
        .containsExactly(true, true, false, false, false);
    assertThat(entries.get(0).target()).isEqualTo("com.acme.cloud.CloudClient#builder");
  }

  @Test
  void rejectsDeclaredInSubtypesWhereNoStaticMethodIsMeant() {
    String header = "@rule HttpClientRetries\n";
    String problem = "declared-in=subtypes follows a client-builder or retrying-factory method"
        + " (pkg.Type#method) that the type's subtypes declare, e.g. 'client-builder"
        + " software.amazon.awssdk.core.SdkClient#builder declared-in=subtypes'";
    assertRejected(header + "client-builder com.acme.Builder declared-in=subtypes @ why\n"
        + "no-retry com.acme.Builder#retries(0) @ why\n", 2, problem);
    assertRejected(header + "retrying-call com.acme.B#retry declared-in=subtypes @ why\n", 2,
        problem);
  }

  @Test
  void blocksMayShareAnOriginOrASwitchButNoOtherEntry() throws IOException {
    List<CatalogEntry> entries = parse("""
        @rule HttpClientRetries
        @library Store writes
        client-builder com.acme.store.Settings#builder @ retries writes
        no-retry com.acme.store.Settings$Builder#retryWrites(false) @ off
        @library Store reads
        client-builder com.acme.store.Settings#builder @ retries reads
        no-retry com.acme.store.Settings$Builder#retryReads(false) @ off
        no-retry com.acme.store.Settings$Builder#retryWrites(false) @ shared
        """);

    assertThat(entries).extracting(CatalogEntry::library).containsExactly("Store writes",
        "Store writes", "Store reads", "Store reads", "Store reads");
    assertRejected("""
        @rule HttpClientRetries
        @library Store
        retrying-factory com.acme.store.Clients#create @ first
        @library Store again
        retrying-factory com.acme.store.Clients#create @ second
        """, 5, "duplicate entry 'retrying-factory com.acme.store.Clients#create' (first at"
            + " line 3)");
  }

  @Test
  void rejectsMalformedEvidence() {
    String header = "@rule HttpClientRetries\n";
    assertRejected(header + "retrying-factory java.net.URL#openConnection used_as=java.net.X @ why\n",
        2, "'used_as=java.net.X' is not an attribute; after its target a retrying-factory entry"
            + " takes used-as=pkg.Type,.. (the result is used as one of these types),"
            + " receiver-literal=prefix,.. (the receiver is built from a string literal with one of"
            + " these prefixes), receiver-input-through=pkg.Owner#method,.. (the receiver is a"
            + " parameter or field, passed on through only these calls) and"
            + " unless-setting=key:value with setting-keys=pkg.Owner#NAME,.. (an argument's"
            + " settings map sets key to value: no finding)");
    assertRejected(header + "retrying-constructor com.acme.Client http:// @ why\n", 2,
        "'http://' is not an attribute; after its target a retrying-constructor entry takes"
            + " used-as=pkg.Type,.. (the result is used as one of these types) and"
            + " unless-setting=key:value with setting-keys=pkg.Owner#NAME,.. (an argument's"
            + " settings map sets key to value: no finding)");
    assertRejected(header + "retrying-constructor com.acme.Client receiver-literal=http:// @ why\n",
        2, "a retrying-constructor entry has no receiver: receiver-literal= applies to"
            + " retrying-factory entries");
    assertRejected(header + "retrying-factory com.acme.C#of used-as=a.B used-as=a.C @ why\n", 2,
        "used-as= is given twice; write every value in one, separated by ','");
    assertRejected(header + "retrying-factory com.acme.C#of used-as= @ why\n", 2,
        "used-as= needs fully-qualified type names separated by ',', e.g."
            + " used-as=java.net.HttpURLConnection,javax.net.ssl.HttpsURLConnection");
    assertRejected(header + "retrying-factory com.acme.C#of receiver-literal=http://, @ why\n", 2,
        "receiver-literal= needs prefixes separated by ',', e.g. receiver-literal=http://,https://");
    assertRejected(header + "retrying-constructor com.acme.Client receiver-input-through=a.B#c @ w\n",
        2, "a retrying-constructor entry has no receiver: receiver-input-through= applies to"
            + " retrying-factory entries");
    assertRejected(header + "retrying-factory com.acme.C#of receiver-input-through=toURL @ why\n",
        2, "'toURL' in receiver-input-through= is no call: write pkg.Owner#method, or"
            + " pkg.Owner#<init> for a constructor");
    assertRejected(header + "retrying-factory com.acme.C#of used-as=HttpURLConnection @ why\n", 2,
        "'HttpURLConnection' in used-as= is not a fully-qualified type name (package.Type,"
            + " Outer$Inner for nested types)");
    assertRejected(header + "retrying-call com.acme.B#retry used-as=a.B @ why\n", 2,
        "expected '<kind> <target> @ <reason>' but found 3 word(s) before ' @ '");
  }

  @Test
  void rejectsAClientBuilderWithoutANoRetryCallInItsBlock() {
    assertRejected("""
        @rule HttpClientRetries
        @library Acme
        client-builder com.acme.Client$Builder @ starts a client
        @library Other
        no-retry com.other.Builder#retries(0) @ off
        """, 3, "client-builder com.acme.Client$Builder has no 'no-retry pkg.Type#method(..)' entry"
        + " in its @library block (Acme), so it could never be built NoRetry; add the call that"
        + " switches its retries off, or list it as retrying-factory/retrying-constructor");
  }

  @Test
  void rejectsASwitchOnWithoutAClientBuilderInItsBlock() {
    assertRejected("""
        @rule HttpClientRetries
        @library Acme
        no-retry com.acme.Settings$Builder#maxAttempts(1) @ one attempt
        switch-on com.acme.Settings$Builder#deadline @ retries until the deadline
        """, 4, "switch-on com.acme.Settings$Builder#deadline has no client-builder entry in its"
        + " @library block (Acme), so no flow it could switch on starts anywhere; add the builder"
        + " it configures, or list the method as retrying-call if every call of it turns retries"
        + " on");
  }

  @Test
  void readsScopeEntriesAsScopeKindsThatForbidNothing() throws IOException {
    List<CatalogEntry> entries = parse("""
        @rule SleepInRequestPath
        @library Spring
        scope-annotation org.springframework.stereotype.Controller @ answers requests
        scope-type jakarta.servlet.Servlet @ answers requests
        method java.lang.Thread#sleep @ holds the request
        """);

    assertThat(entries).extracting(CatalogEntry::kind).containsExactly(
        EntryKind.SCOPE_ANNOTATION, EntryKind.SCOPE_TYPE, EntryKind.METHOD);
    assertThat(entries.get(0).typeName()).isEqualTo("org.springframework.stereotype.Controller");
    assertThat(entries.get(1).origin()).isEqualTo(FILE + ":4");
    assertThat(entries).extracting(e -> e.kind().isScope()).containsExactly(true, true, false);
    ForbiddenUseIndex index = Catalog.of(entries).forbiddenUse("SleepInRequestPath");
    assertThat(index.annotation("org.springframework.stereotype.Controller")).isEmpty();
    assertThat(index.type("jakarta.servlet.Servlet")).isEmpty();
    assertThat(index.mentionedTypeNames()).containsExactly("java.lang.Thread");
  }

  @Test
  void rejectsAMemberOrASimpleNameOnAScopeEntry() {
    assertRejected("@rule SleepInRequestPath\nscope-type jakarta.servlet.Servlet#service @ why\n",
        2, "a scope-type entry names a type, not a member: 'jakarta.servlet.Servlet#service'");
    assertRejected("@rule SleepInRequestPath\nscope-annotation Controller @ why\n", 2,
        "'Controller' is not a fully-qualified type name (package.Type, Outer$Inner for nested"
            + " types)");
  }

  @Test
  void rejectsAMemberOnATypeOrAnnotationEntry() {
    assertRejected("@rule RetryOutsideJobs\ntype com.acme.Retrying#run @ why\n", 2,
        "a type entry names a type, not a member: 'com.acme.Retrying#run'");
    assertRejected("@rule RetryOutsideJobs\nannotation com.acme.Retried#value @ why\n", 2,
        "an annotation entry names a type, not a member: 'com.acme.Retried#value'");
  }

  @Test
  void rejectsNamesThatAreNotFullyQualified() {
    String problem = " is not a fully-qualified type name (package.Type, Outer$Inner for nested types)";
    assertRejected("@rule RetryOutsideJobs\ntype Retry @ why\n", 2, "'Retry'" + problem);
    assertRejected("@rule RetryOutsideJobs\ntype com..Retry @ why\n", 2, "'com..Retry'" + problem);
    assertRejected("@rule RetryOutsideJobs\ntype com.acme.Retry. @ why\n", 2,
        "'com.acme.Retry.'" + problem);
    assertRejected("@rule RetryOutsideJobs\nmethod com.1acme.Mono#retry @ why\n", 2,
        "'com.1acme.Mono'" + problem);
  }

  @Test
  void rejectsADuplicateEntryNamingTheFirstLine() {
    assertRejected("""
        @rule RetryOutsideJobs
        type com.acme.Retrying @ first
        # same entry again
        type com.acme.Retrying @ second
        """, 4, "duplicate entry 'type com.acme.Retrying' (first at line 2)");
    assertRejected("""
        @rule RetryOutsideJobs
        method com.acme.Retrying#run @ first
        method com.acme.Retrying#run @ second
        """, 3, "duplicate entry 'method com.acme.Retrying#run' (first at line 2)");
  }

  @Test
  void theBundledCatalogParsesFromItsFiles() {
    assertThat(Catalog.bundled().entriesFor("RetryOutsideJobs"))
        .isNotEmpty()
        .allSatisfy(e -> assertThat(e.origin())
            .startsWith("dev/retryowner/catalog/retry-helpers.catalog:"));
    assertThat(Catalog.bundled().entriesFor("SleepInRequestPath"))
        .isNotEmpty()
        .allSatisfy(e -> assertThat(e.origin())
            .startsWith("dev/retryowner/catalog/delays.catalog:"));
    assertThat(Catalog.bundled().entries())
        .isNotEmpty()
        .allSatisfy(e -> assertThat(Catalog.BUNDLED_RESOURCES)
            .contains(e.origin().substring(0, e.origin().lastIndexOf(':'))));
  }
}
