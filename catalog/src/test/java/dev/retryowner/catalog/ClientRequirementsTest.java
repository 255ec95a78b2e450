package dev.retryowner.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClientRequirementsTest {
  private static final String BUILDER = "com.acme.http.Client$Builder";
  private static final String CLIENTS = "com.acme.http.Clients";
  private static final String POLICIES = "com.acme.http.Policies";

  @TempDir Path dir;
  private Path catalogFile;

  @BeforeEach
  void writeCatalog() throws IOException {
    catalogFile = dir.resolve("team.catalog");
    Files.writeString(catalogFile, """
        @rule HttpClientRetries
        @library Acme HTTP
        client-builder com.acme.http.Client$Builder @ a new builder retries
        client-builder com.acme.http.Clients#custom @ returns a new builder
        no-retry com.acme.http.Client$Builder#retries(false) @ switches them off
        no-retry com.acme.http.Client$Builder#policy(com.acme.http.Policies#NONE) @ no policy
        no-retry com.acme.http.Client$Builder#policy(com.acme.http.Policies#none()) @ no policy
        retrying-factory com.acme.http.Clients#createDefault @ retries 3 times
        retrying-factory com.acme.http.Clients#create(java.lang.String) @ retries 3 times
        retrying-constructor com.acme.http.Client() @ retries 3 times
        retrying-call com.acme.http.Client$Builder#retryOn5xx @ turns status retries on
        no-retry com.acme.http.Client$Builder#strategy(com.acme.http.Strategy(0, *)) @ zero retries
        @library Acme backoff
        no-retry com.acme.http.FixedDelay(0, *) @ zero retries
        @library Acme connections
        retrying-factory com.acme.http.Address#open used-as=com.acme.http.WebConnection receiver-literal=http://,https:// receiver-input-through=com.acme.http.Address#<init>,com.acme.http.Address#parse @ a web connection re-sends
        @library Acme JDK
        @unless-jvm-property acme.http.noRetry=true
        retrying-factory com.acme.http.Jdk#newClient @ re-sends after a connect failure
        @library Acme cloud service clients
        client-builder com.acme.cloud.CloudClient#builder declared-in=subtypes @ each retries
        retrying-factory com.acme.cloud.CloudClient#create declared-in=subtypes @ each retries
        no-retry com.acme.cloud.CloudClientBuilder#overrideConfiguration(*) @ checked where built
        no-retry com.acme.cloud.Override$Builder#retryStrategy(com.acme.cloud.Strategies#none()) @ sends once
        @library Acme store writes
        client-builder com.acme.store.Settings#builder @ retries writes
        no-retry com.acme.store.Settings$Builder#retryWrites(false) @ off
        @library Acme store reads
        client-builder com.acme.store.Settings#builder @ retries reads
        no-retry com.acme.store.Settings$Builder#retryReads(false) @ off
        @library Acme retry settings
        client-builder com.acme.retry.Settings#newBuilder @ retries once a deadline is set
        no-retry com.acme.retry.Settings$Builder#maxAttempts(1) @ one attempt
        switch-on com.acme.retry.Settings$Builder#deadline @ retries until the deadline
        @library Acme queue producer
        retrying-constructor com.acme.queue.Producer unless-setting=retries:0 setting-keys=com.acme.queue.Config#RETRIES @ retries sends by default
        """);
  }

  @Test
  void aClientConfiguredByASettingsMapIsAFindingUnlessTheMapTurnsItsRetriesOff() {
    ClientRequirements shape = shape();
    ClientCall producer = new ClientCall(List.of("com.acme.queue.Producer"), "", List.of());

    assertThat(shape.needsContext(producer)).isTrue();
    assertThat(shape.check(producer)).as("nothing known around it").isPresent();
    assertThat(shape.check(producer.withContext(settings("bootstrap=localhost", "retries=3"))))
        .isPresent();
    assertThat(shape.check(producer.withContext(settings("retries=0")))).isEmpty();
    assertThat(shape.check(producer.withContext(settings("com.acme.queue.Config#RETRIES=0"))))
        .as("the key written as the constant the catalog names").isEmpty();
    assertThat(shape.check(producer.withContext(settings("com.acme.queue.Other#RETRIES=0"))))
        .as("another constant").isPresent();
    assertThat(shape.check(producer.withContext(settings("retries=?")))).isPresent();
  }

  private static CallContext settings(String... settings) {
    return new CallContext(List.of(), false, List.of(), List.of(), false, List.of(settings));
  }

  private ClientRequirements shape(String... jvmProperties) {
    return ClientRequirements.of(RuleRegistry.HTTP_CLIENT_RETRIES, GateConfig.builder()
        .jobsPackages("com.acme.jobs").catalogFile(catalogFile).jvmProperties(jvmProperties)
        .build());
  }

  private static CallArgument constant(String canonical, String source) {
    return new CallArgument(Set.of(canonical), Set.of(), source);
  }

  private static CallArgument variable(String name, String... types) {
    return new CallArgument(Set.of(), Set.of(types), name);
  }

  private static ClientCall onBuilder(String method, CallArgument... arguments) {
    return new ClientCall(List.of(BUILDER, "java.lang.Object"), method, List.of(arguments));
  }

  @Test
  void aReceiverTheCallerGivesLeavesTheSchemeOpenUnlessTheCodeFixesIt() {
    ClientRequirements shape = shape();
    ClientCall open = new ClientCall(List.of("com.acme.http.Address"), "open", List.of());
    List<String> through = List.of("com.acme.http.Address#parse");

    assertThat(shape.check(open.withContext(new CallContext(List.of(), false, List.of("/status"),
        through, true))))
        .hasValueSatisfying(v -> assertThat(v.message()).endsWith("(its receiver comes from a"
            + " parameter or field and nothing here fixes its scheme, so http:// and https://"
            + " URLs can reach it)"));
    assertThat(shape.check(open.withContext(new CallContext(List.of(), false, List.of(),
        List.of(), false)))).as("no input").isEmpty();
    assertThat(shape.check(open.withContext(new CallContext(List.of(), false, List.of(),
        List.of("com.acme.Loader#resource"), true)))).as("through another call").isEmpty();
    assertThat(shape.check(open.withContext(new CallContext(List.of(), false,
        List.of("jar:file:/app.jar!/"), through, true)))).as("a literal's scheme").isEmpty();
    assertThat(shape.check(open.withContext(new CallContext(
        List.of("com.acme.http.FileConnection"), true, List.of(), through, true))))
        .as("cast to another connection").isEmpty();
  }

  @Test
  void theNoRetryArgumentIsNoFinding() {
    assertThat(shape().check(onBuilder("retries", constant("false", "false")))).isEmpty();
  }

  @Test
  void anotherConstantTurnsRetriesBackOn() {
    assertThat(shape().check(onBuilder("retries", constant("true", "true"))))
        .hasValueSatisfying(v -> {
          assertThat(v.entry().memberName()).isEqualTo("retries");
          assertThat(v.message()).isEqualTo("calls com.acme.http.Client.Builder#retries(true),"
              + " which leaves its retries on; NoRetry is retries(false)");
        });
  }

  @Test
  void aNonConstantArgumentCannotBeVerified() {
    assertThat(shape().check(onBuilder("retries", variable("retry", "boolean"))))
        .hasValueSatisfying(v -> assertThat(v.message()).isEqualTo("calls"
            + " com.acme.http.Client.Builder#retries(retry) with an argument that is not a"
            + " constant, so its retries cannot be verified off; write retries(false)"));
  }

  @Test
  void anyOfSeveralNoRetryArgumentsForOneMethodIsEnough() {
    ClientRequirements shape = shape();

    assertThat(shape.check(onBuilder("policy",
        constant(ArgumentPattern.staticField(POLICIES, "NONE"), "NONE")))).isEmpty();
    assertThat(shape.check(onBuilder("policy",
        constant(ArgumentPattern.staticCall(POLICIES, "none"), "Policies.none()")))).isEmpty();
    assertThat(shape.check(onBuilder("policy",
        constant(ArgumentPattern.staticField(POLICIES, "DEFAULT"), "Policies.DEFAULT"))))
        .hasValueSatisfying(v -> assertThat(v.message()).endsWith("NoRetry is"
            + " policy(com.acme.http.Policies#NONE) or policy(com.acme.http.Policies#none())"));
  }

  @Test
  void aSourceEngineMayOfferSeveralCandidateFormsForOneConstant() {
    CallArgument ambiguous = new CallArgument(Set.of(ArgumentPattern.staticField(POLICIES, "NONE"),
        ArgumentPattern.staticField("com.acme.Policies", "NONE")), Set.of(), "Policies.NONE");

    assertThat(shape().check(onBuilder("policy", ambiguous))).isEmpty();
  }

  @Test
  void aSubtypeReceiverIsCoveredAndAnUnrelatedOneIsNot() {
    ClientCall onSubtype = new ClientCall(List.of("com.acme.web.MyBuilder", BUILDER), "retries",
        List.of(constant("true", "true")));
    ClientCall onOther = new ClientCall(List.of("com.acme.web.JobPolicy"), "retries",
        List.of(constant("true", "true")));

    assertThat(shape().check(onSubtype)).isPresent();
    assertThat(shape().check(onOther)).isEmpty();
  }

  @Test
  void constructorArgumentsAreMatchedPositionallyWithWildcards() {
    ClientCall zero = new ClientCall(List.of("com.acme.http.FixedDelay"), "",
        List.of(constant("0", "0"), variable("Duration.ZERO")));
    ClientCall three = new ClientCall(List.of("com.acme.http.FixedDelay"), "",
        List.of(constant("3", "3"), variable("delay")));

    assertThat(shape().check(zero)).isEmpty();
    assertThat(shape().check(three)).hasValueSatisfying(v -> assertThat(v.message()).isEqualTo(
        "constructs com.acme.http.FixedDelay(3, delay), which leaves its retries on; NoRetry is"
            + " new com.acme.http.FixedDelay(0, …)"));
  }

  @Test
  void aConstructionArgumentIsCheckedAgainstItsPattern() {
    ClientRequirements shape = shape();
    CallArgument zero = constructed(constant("0", "0"), variable("Duration.ZERO"));
    CallArgument three = constructed(constant("3", "3"), variable("delay"));
    CallArgument unknownCount = constructed(variable("count", "int"), variable("delay"));

    assertThat(shape.check(onBuilder("strategy", zero))).isEmpty();
    assertThat(shape.check(onBuilder("strategy", three))).hasValueSatisfying(v -> assertThat(
        v.message()).isEqualTo("calls com.acme.http.Client.Builder#strategy(new Strategy(3,"
            + " delay)), which leaves its retries on; NoRetry is strategy(new"
            + " com.acme.http.Strategy(0, …))"));
    assertThat(shape.check(onBuilder("strategy", unknownCount))).hasValueSatisfying(
        v -> assertThat(v.message()).contains("not a constant, so its retries cannot be"
            + " verified off"));
    assertThat(shape.check(onBuilder("strategy", constant(
        ArgumentPattern.staticField("com.acme.http.Strategy", "INSTANCE"), "Strategy.INSTANCE"))))
        .hasValueSatisfying(v -> assertThat(v.message()).contains("which leaves its retries on"));
    assertThat(shape.check(onBuilder("strategy", variable("strategy"))))
        .hasValueSatisfying(v -> assertThat(v.message()).contains("cannot be verified off"));
    CatalogEntry origin = shape.origins(new ClientCall(List.of(BUILDER), "", List.of())).get(0);
    assertThat(shape.builtWithout(origin, new ClientCall(List.of(BUILDER), "", List.of()),
        List.of("strategy"))).as("a zero-retry strategy switches the flow off").isEmpty();
  }

  private static CallArgument constructed(CallArgument... arguments) {
    List<CallArgument> list = List.of(arguments);
    return new CallArgument(Set.of(), Set.of("com.acme.http.Strategy"), "new Strategy("
        + String.join(", ", list.stream().map(CallArgument::sourceText).toList()) + ")",
        List.of(new ClientCall(List.of("com.acme.http.Strategy"), "", list)));
  }

  @Test
  void retryingFactoriesConstructorsAndCallsAreFindingsWhateverTheArguments() {
    ClientRequirements shape = shape();

    assertThat(shape.check(new ClientCall(List.of(CLIENTS), "createDefault", List.of())))
        .hasValueSatisfying(v -> assertThat(v.message()).isEqualTo("calls"
            + " com.acme.http.Clients#createDefault(), which returns a client with its retries"
            + " on"));
    assertThat(shape.check(new ClientCall(List.of("com.acme.http.Client"), "", List.of())))
        .hasValueSatisfying(v -> assertThat(v.message()).isEqualTo("constructs"
            + " com.acme.http.Client(), which builds a client with its retries on"));
    assertThat(shape.check(onBuilder("retryOn5xx", constant("3", "3"))))
        .hasValueSatisfying(v -> assertThat(v.message()).isEqualTo("calls"
            + " com.acme.http.Client.Builder#retryOn5xx(3), which turns the client's retries on"));
  }

  @Test
  void anEntryThatAsksForEvidenceIsAFindingOnlyWithIt() {
    ClientRequirements shape = shape();
    ClientCall open = new ClientCall(List.of("com.acme.http.Address"), "open", List.of());

    assertThat(shape.needsContext(open)).isTrue();
    assertThat(shape.check(open)).as("nothing known around it").isEmpty();
    assertThat(shape.check(open.withContext(new CallContext(
        List.of("com.acme.http.FileConnection", "com.acme.http.Connection"),
        List.of("jar:file:/app.jar!/", "http-less"))))).isEmpty();
    assertThat(shape.check(open.withContext(new CallContext(
        List.of("com.acme.http.SecureWebConnection", "com.acme.http.WebConnection"), List.of()))))
        .hasValueSatisfying(v -> assertThat(v.message()).isEqualTo("calls"
            + " com.acme.http.Address#open(), which returns a client with its retries on (its"
            + " result is used as com.acme.http.SecureWebConnection)"));
    assertThat(shape.check(open.withContext(new CallContext(List.of(),
        List.of("/status", "HTTPS://status.acme.com")))))
        .hasValueSatisfying(v -> assertThat(v.message()).endsWith("with its retries on (its"
            + " receiver is built from \"HTTPS://status.acme.com\")"));
  }

  @Test
  void onlyTheCallsOfEntriesThatAskForEvidenceNeedTheirContext() {
    ClientRequirements shape = shape();

    assertThat(shape.needsContext(new ClientCall(List.of(CLIENTS), "createDefault", List.of())))
        .isFalse();
    assertThat(shape.needsContext(onBuilder("retries", constant("false", "false")))).isFalse();
    assertThat(shape.needsContext(new ClientCall(List.of("com.acme.http.Other"), "open",
        List.of()))).isFalse();
  }

  @Test
  void aParameterListNarrowsTheEntryToOneOverload() {
    ClientRequirements shape = shape();

    assertThat(shape.check(new ClientCall(List.of("com.acme.http.Client"), "",
        List.of(variable("config", "com.acme.http.Config"))))).isEmpty();
    assertThat(shape.check(new ClientCall(List.of(CLIENTS), "create",
        List.of(variable("url", "java.lang.String"))))).isPresent();
    assertThat(shape.check(new ClientCall(List.of(CLIENTS), "create",
        List.of(variable("template", "com.acme.http.Template"))))).isEmpty();
    assertThat(shape.check(new ClientCall(List.of(CLIENTS), "create",
        List.of(variable("unknownToTheEngine"))))).as("unknown types match any").isPresent();
  }

  @Test
  void aFlowFromABuilderNeedsOneOfItsBlocksNoRetryMethods() {
    ClientRequirements shape = shape();
    ClientCall newBuilder = new ClientCall(List.of(BUILDER), "", List.of());
    CatalogEntry origin = shape.origins(newBuilder).get(0);

    assertThat(shape.builtWithout(origin, newBuilder, List.of("timeout", "retries", "build")))
        .isEmpty();
    assertThat(shape.builtWithout(origin, newBuilder, List.of("policy"))).isEmpty();
    assertThat(shape.builtWithout(origin, newBuilder, List.of("timeout", "build")))
        .hasValueSatisfying(v -> {
          assertThat(v.entry()).isEqualTo(origin);
          assertThat(v.message()).isEqualTo("constructs com.acme.http.Client.Builder() and"
              + " never calls retries(false) or policy(com.acme.http.Policies#NONE) or"
              + " policy(com.acme.http.Policies#none()) or strategy(new com.acme.http.Strategy(0,"
              + " …)) on it in this method, so its retries stay on");
        });
  }

  @Test
  void aBuilderThatRetriesNothingUntilSwitchedOnIsAFindingOnlyWhenSwitchedOn() {
    ClientRequirements shape = shape();
    ClientCall newBuilder = new ClientCall(List.of("com.acme.retry.Settings"), "newBuilder",
        List.of());
    CatalogEntry origin = shape.origins(newBuilder).get(0);

    assertThat(shape.builtWithout(origin, newBuilder, List.of("initialDelay", "build")))
        .as("neither a deadline nor more attempts: nothing is retried").isEmpty();
    assertThat(shape.builtWithout(origin, newBuilder, List.of("deadline", "maxAttempts")))
        .as("switched on, and off again").isEmpty();
    assertThat(shape.builtWithout(origin, newBuilder, List.of("deadline", "build")))
        .hasValueSatisfying(v -> assertThat(v.message()).isEqualTo("calls"
            + " com.acme.retry.Settings#newBuilder(), switches its retries on with deadline(..)"
            + " and never calls maxAttempts(1) on it in this method, so its retries stay on"));
    assertThat(shape.flowTypes(origin)).contains("com.acme.retry.Settings$Builder");
  }

  @Test
  void aStaticFactoryStartsAFlowAndOtherCallsDoNot() {
    ClientRequirements shape = shape();

    assertThat(shape.origins(new ClientCall(List.of(CLIENTS), "custom", List.of()))).hasSize(1);
    assertThat(shape.origins(new ClientCall(List.of(CLIENTS), "createDefault", List.of())))
        .isEmpty();
    assertThat(shape.origins(new ClientCall(List.of("com.acme.web.MyBuilder", BUILDER), "", 
        List.of()))).as("a subclass's construction is not the catalog's builder").isEmpty();
  }

  @Test
  void aFlowIsConfiguredThroughItsBlocksBuilderTypes() {
    ClientRequirements shape = shape();
    CatalogEntry custom = shape.origins(new ClientCall(List.of(CLIENTS), "custom", List.of())).get(0);
    CatalogEntry newBuilder = shape.origins(new ClientCall(List.of(BUILDER), "", List.of())).get(0);

    assertThat(shape.flowTypes(custom)).as("not Clients, whose createDefault a builder may share")
        .containsExactly(BUILDER);
    assertThat(shape.flowTypes(newBuilder)).containsExactly(BUILDER);
  }

  @Test
  void maxArgumentsCoversTheLongestParameterOrArgumentList() {
    assertThat(shape().maxArguments()).as("the team's FixedDelay(0, *); bundled entries may"
        + " list more").isGreaterThanOrEqualTo(2);
  }

  @Test
  void theFixIsTheFirstNoRetryCallWhoseArgumentsCanBeWrittenOut() {
    ClientRequirements shape = shape();
    CatalogEntry origin = shape.origins(new ClientCall(List.of(BUILDER), "", List.of())).get(0);

    assertThat(shape.fixFor(origin, List.of(BUILDER))).hasValueSatisfying(
        e -> assertThat(e.target()).isEqualTo(BUILDER + "#retries(false)"));
  }

  @Test
  void aStaticMethodEverySubtypeDeclaresIsMatchedThroughTheSupertype() {
    ClientRequirements shape = shape();
    List<String> queueClient = List.of("com.acme.cloud.QueueClient", "com.acme.cloud.CloudClient");
    ClientCall builder = new ClientCall(queueClient, "builder", List.of());
    CatalogEntry origin = shape.origins(builder).get(0);

    assertThat(origin.declaredInSubtypes()).isTrue();
    assertThat(shape.builtWithout(origin, builder, List.of("region", "build"))).isPresent();
    assertThat(shape.builtWithout(origin, builder, List.of("overrideConfiguration", "build")))
        .as("a configuration passed in is checked where it is built").isEmpty();
    assertThat(shape.builtWithout(origin, builder, List.of("apiCallTimeout", "retryStrategy",
        "build"))).as("switched off in the lambda given to overrideConfiguration").isEmpty();
    assertThat(shape.check(new ClientCall(queueClient, "create", List.of()))).isPresent();
    assertThat(shape.origins(new ClientCall(List.of("com.acme.cloud.QueueClient"), "builder",
        List.of()))).as("not a subtype of the catalog's type").isEmpty();
  }

  @Test
  void twoBlocksSharingAnOriginEachAskForTheirOwnSwitch() {
    ClientRequirements shape = shape();
    ClientCall builder = new ClientCall(List.of("com.acme.store.Settings"), "builder", List.of());
    List<CatalogEntry> origins = shape.origins(builder);

    assertThat(origins).extracting(CatalogEntry::library)
        .containsExactly("Acme store writes", "Acme store reads");
    assertThat(origins).extracting(o -> shape.builtWithout(o, builder, List.of("retryWrites"))
        .isPresent()).as("reads still retried").containsExactly(false, true);
    assertThat(origins).extracting(o -> shape.builtWithout(o, builder,
        List.of("retryReads", "retryWrites")).isPresent()).containsExactly(false, false);
  }

  @Test
  void theFixIsNeverASwitchOfANestedBuilder() {
    ClientRequirements shape = shape();
    CatalogEntry origin = shape.origins(new ClientCall(List.of("com.acme.cloud.QueueClient",
        "com.acme.cloud.CloudClient"), "builder", List.of())).get(0);

    assertThat(shape.fixFor(origin, List.of("com.acme.cloud.QueueClientBuilder",
        "com.acme.cloud.CloudClientBuilder"))).as("retryStrategy is Override.Builder's").isEmpty();
  }

  @Test
  void aDeclaredJvmPropertyMakesItsEntriesMoot() {
    ClientCall jdk = new ClientCall(List.of("com.acme.http.Jdk"), "newClient", List.of());

    assertThat(shape().check(jdk)).isPresent();
    assertThat(shape("acme.http.noRetry=true").check(jdk)).isEmpty();
    assertThat(shape("acme.http.noRetry=false").check(jdk)).isPresent();
  }

  @Test
  void aCatalogAndDeclaredPropertiesAloneGiveTheSameShape() {
    ClientCall jdk = new ClientCall(List.of("com.acme.http.Jdk"), "newClient", List.of());
    Catalog catalog = Catalog.load(catalogFile);

    assertThat(ClientRequirements.of(RuleRegistry.HTTP_CLIENT_RETRIES, catalog, List.of())
        .check(jdk)).isPresent();
    assertThat(ClientRequirements.of(RuleRegistry.HTTP_CLIENT_RETRIES, catalog,
        List.of("acme.http.noRetry=true")).check(jdk)).isEmpty();
  }

  @Test
  void namesTellEnginesWhichCallsToLookAt() {
    ClientRequirements shape = shape();

    assertThat(shape.methodNames()).contains("custom", "retries", "policy", "createDefault",
        "create", "retryOn5xx", "newClient");
    assertThat(shape.constructedTypes()).contains(BUILDER, "com.acme.http.Client",
        "com.acme.http.FixedDelay");
    assertThat(shape.typeNames()).containsAll(shape.constructedTypes())
        .contains("com.acme.http.Clients");
  }
}
