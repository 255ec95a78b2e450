package dev.retryowner.archrules;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.ArchConfiguration;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.retryowner.archrules.jobs.RetryingJob;
import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.GateConfig;
import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;
import java.io.IOException;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.retry.RetryCallback;
import org.springframework.retry.RetryContext;
import org.springframework.retry.annotation.Backoff;
import org.springframework.retry.annotation.EnableRetry;
import org.springframework.retry.annotation.Retryable;
import org.springframework.retry.backoff.ThreadWaitSleeper;
import org.springframework.retry.support.RetryTemplate;
import reactor.core.publisher.Flux;

/**
 * What RetryOutsideJobs reports, one element kind at a time, on small static nested samples (a
 * positive and a negative per kind). Each finding is rendered as {@code SITE line member: message}
 * and lines come from {@code // at:} markers in this file.
 */
class RetryOutsideJobsRuleTest {
  private static final GateConfig CONFIG =
      GateConfig.builder().jobsPackages("dev.retryowner.archrules.jobs").build();
  private static final SourceMarkers AT = SourceMarkers.of(RetryOutsideJobsRuleTest.class);
  private static final String RETRY = "io.github.resilience4j.retry.Retry";
  private static final String TEMPLATE = "org.springframework.retry.support.RetryTemplate";
  private static final String SIMPLE_POLICY = "org.springframework.retry.policy.SimpleRetryPolicy";
  private static final String COUNTING = "dev.retryowner.archrules.CountingRetryPolicy";
  private static final String RETRYABLE = "org.springframework.retry.annotation.Retryable";
  private static final String SELF = "dev.retryowner.archrules.RetryOutsideJobsRuleTest.";

  // ---------------------------------------------------------------- calls

  static class StaticCall {
    Object create() {
      return Retry.ofDefaults("payments"); // at: static-call
    }
  }

  @Test
  void aStaticCallOnACatalogTypeIsAFindingOnItsLine() {
    assertThat(findingsIn(StaticCall.class)).containsExactly(
        "CALL " + AT.line("static-call") + " create(): calls " + RETRY + "#ofDefaults");
  }

  static class ChainedBuilder {
    Object config() {
      return RetryConfig.custom() // at: chain-start
          .maxAttempts(2) // at: chain-nested
          .build(); // at: chain-build
    }
  }

  @Test
  void callsOnABuilderNestedInACatalogTypeAreFindingsOnTheLineOfEachCall() {
    String builder = "io.github.resilience4j.retry.RetryConfig.Builder";
    String covered = " (catalog entry io.github.resilience4j.retry.RetryConfig)";
    assertThat(findingsIn(ChainedBuilder.class)).containsExactly(
        "CALL " + AT.line("chain-start") + " config(): calls "
            + "io.github.resilience4j.retry.RetryConfig#custom",
        "CALL " + AT.line("chain-nested") + " config(): calls " + builder + "#maxAttempts"
            + covered,
        "CALL " + AT.line("chain-build") + " config(): calls " + builder + "#build" + covered);
  }

  static class FluxRetries {
    Object retried(Flux<String> source) {
      return source.retry() // at: flux-retry
          .retry(2); // at: flux-retry-count
    }
  }

  static class FluxRepeats {
    Object repeated(Flux<String> source) {
      return source.repeat(2).map(String::trim);
    }
  }

  @Test
  void aMethodEntryCoversEveryOverloadOfItsName() {
    assertThat(findingsIn(FluxRetries.class)).containsExactly(
        "CALL " + AT.line("flux-retry") + " retried(reactor.core.publisher.Flux): calls"
            + " reactor.core.publisher.Flux#retry",
        "CALL " + AT.line("flux-retry-count") + " retried(reactor.core.publisher.Flux): calls"
            + " reactor.core.publisher.Flux#retry");
  }

  @Test
  void aMethodEntryForbidsNeitherOtherMethodsNorTheType() {
    assertThat(findingsIn(FluxRepeats.class)).isEmpty();
  }

  static class UsesUserSubtype {
    Object create() {
      CountingRetryPolicy.reset(); // at: subtype-call
      return new CountingRetryPolicy(); // at: subtype-new
    }
  }

  @Test
  void callsAndConstructionsOfAUserSubtypeOfACatalogTypeAreFindings() {
    String covered = " (catalog entry " + SIMPLE_POLICY + ")";
    assertThat(findingsIn(UsesUserSubtype.class)).containsExactly(
        "CALL " + AT.line("subtype-call") + " create(): calls " + COUNTING + "#reset" + covered,
        "CONSTRUCTOR_CALL " + AT.line("subtype-new") + " create(): constructs " + COUNTING
            + covered);
  }

  static class ConstructsLibrarySubtype {
    Object sleeper() {
      return new ThreadWaitSleeper(); // at: library-subtype
    }
  }

  @Test
  void aLibraryClassThatImplementsACatalogTypeIsCoveredWhenItsSupertypesResolve() {
    assertThat(findingsIn(ConstructsLibrarySubtype.class)).containsExactly(
        "CONSTRUCTOR_CALL " + AT.line("library-subtype") + " sleeper(): constructs"
            + " org.springframework.retry.backoff.ThreadWaitSleeper (catalog entry"
            + " org.springframework.retry.backoff.Sleeper)");
  }

  @Test
  void withoutResolvingFromTheClassPathALibrarySubtypeIsNotRecognized() {
    ArchConfiguration.get().setResolveMissingDependenciesFromClassPath(false);
    try {
      JavaClasses classes = new ClassFileImporter()
          .importClasses(ConstructsLibrarySubtype.class, RetryingJob.class);
      assertThat(ArchFindings.findings(RetryOwnerRules.retryOutsideJobs(CONFIG), classes))
          .isEmpty();
    } finally {
      ArchConfiguration.get().reset();
    }
  }

  static class LookAlikes {
    /** A domain type that shares its simple name with several retry helpers. */
    static final class Retry {
      int attempts;

      static Retry of(int attempts) {
        Retry retry = new Retry();
        retry.attempts = attempts;
        return retry;
      }
    }

    Retry field = Retry.of(1);

    Retry create(Retry template) {
      return Retry.of(template.attempts);
    }
  }

  @Test
  void typesThatOnlyShareASimpleNameAreClean() {
    assertThat(findingsIn(LookAlikes.class)).isEmpty();
  }

  // ---------------------------------------------------------------- constructions, fields, refs

  static class ConstructsTemplate {
    Object create() {
      return new RetryTemplate(); // at: new-template
    }
  }

  static class ConstructsPlainTypes {
    Object create() {
      return new ArrayList<String>();
    }
  }

  @Test
  void aConstructorCallOfACatalogTypeIsAFinding() {
    assertThat(findingsIn(ConstructsTemplate.class)).containsExactly(
        "CONSTRUCTOR_CALL " + AT.line("new-template") + " create(): constructs " + TEMPLATE);
  }

  @Test
  void aConstructorCallOfAnUnlistedTypeIsClean() {
    assertThat(findingsIn(ConstructsPlainTypes.class)).isEmpty();
  }

  static class AccessesSubtypeFields {
    int read() {
      return CountingRetryPolicy.lastAttempts; // at: static-field-read
    }

    void write() {
      CountingRetryPolicy.lastAttempts = 3; // at: static-field-write
    }
  }

  static class AccessesPlainFields {
    int read(int[] values) {
      return values.length + Integer.MAX_VALUE + new StringBuilder().capacity();
    }
  }

  @Test
  void readingOrWritingAFieldOfACatalogSubtypeIsAFinding() {
    String covered = " (catalog entry " + SIMPLE_POLICY + ")";
    assertThat(findingsIn(AccessesSubtypeFields.class)).containsExactly(
        "FIELD_ACCESS " + AT.line("static-field-read") + " read(): reads field " + COUNTING
            + "#lastAttempts" + covered,
        "FIELD_ACCESS " + AT.line("static-field-write") + " write(): writes field " + COUNTING
            + "#lastAttempts" + covered);
  }

  @Test
  void fieldAccessesOfUnlistedTypesAreClean() {
    assertThat(findingsIn(AccessesPlainFields.class)).isEmpty();
  }

  static class References {
    Object byName() {
      Function<String, Retry> create = Retry::ofDefaults; // at: static-ref
      return create;
    }

    Object constructor() {
      Supplier<RetryTemplate> create = RetryTemplate::new; // at: constructor-ref
      return create;
    }
  }

  static class PlainReferences {
    Object plain() {
      Function<Object, String> format = String::valueOf;
      return format;
    }
  }

  @Test
  void methodAndConstructorReferencesToCatalogTypesAreFindings() {
    assertThat(findingsIn(References.class)).containsExactly(
        "METHOD_REFERENCE " + AT.line("static-ref") + " byName(): references " + RETRY
            + "::ofDefaults",
        "METHOD_REFERENCE " + AT.line("constructor-ref") + " constructor(): references "
            + TEMPLATE + "::new");
  }

  @Test
  void referencesToUnlistedMethodsAreClean() {
    assertThat(findingsIn(PlainReferences.class)).isEmpty();
  }

  static class Lambdas {
    Supplier<Object> lazy() {
      return () -> {
        String name = "lazy";
        return Retry.ofDefaults(name); // at: lambda-call
      };
    }
  }

  @Test
  void aCallInsideALambdaIsAFindingOfTheMethodThatDeclaresTheLambda() {
    assertThat(findingsIn(Lambdas.class)).containsExactly(
        "CALL " + AT.line("lambda-call") + " lazy(): calls " + RETRY + "#ofDefaults");
  }

  static class Anonymous {
    Object callback() {
      return new RetryCallback<String, RuntimeException>() { // at: anonymous
        @Override
        public String doWithRetry(RetryContext context) {
          return "once";
        }
      };
    }
  }

  @Test
  void anAnonymousSubtypeIsAConstructionWhereItIsWrittenAndASupertypeOfItsClass() {
    assertThat(findingsIn(Anonymous.class)).containsExactly(
        "SUPERTYPE 0 : implements org.springframework.retry.RetryCallback"
            + "<java.lang.String, java.lang.RuntimeException>",
        "CONSTRUCTOR_CALL " + AT.line("anonymous") + " callback(): constructs " + SELF
            + "Anonymous.1 (catalog entry org.springframework.retry.RetryCallback)");
  }

  // ---------------------------------------------------------------- declarations

  static class FieldTypes {
    Retry plain;
    List<Retry> asTypeArgument;
    Retry[] asArray;
    Map<String, ? extends RetryTemplate> asWildcardBound;
    String unrelated;
  }

  @Test
  void fieldTypesInvolvingACatalogTypeAreFindingsAtLineZero() {
    assertThat(findingsIn(FieldTypes.class)).containsExactlyInAnyOrder(
        "FIELD_TYPE 0 asArray: declares field 'asArray' of type " + RETRY + "[]",
        "FIELD_TYPE 0 asTypeArgument: declares field 'asTypeArgument' of type"
            + " java.util.List<" + RETRY + ">",
        "FIELD_TYPE 0 asWildcardBound: declares field 'asWildcardBound' of type"
            + " java.util.Map<java.lang.String, ? extends " + TEMPLATE + ">",
        "FIELD_TYPE 0 plain: declares field 'plain' of type " + RETRY);
  }

  static class ParameterAndReturnTypes {
    void accept(Retry retry) {
      use(retry); // at: accept-body
    }

    Optional<RetryTemplate> find() {
      return Optional.empty(); // at: find-body
    }

    String unrelated(String text) {
      return text;
    }

    private static void use(Object value) {}
  }

  @Test
  void parameterAndReturnTypesAreFindingsAtTheFirstLineOfTheirMethodsCode() {
    assertThat(findingsIn(ParameterAndReturnTypes.class)).containsExactly(
        "PARAMETER_TYPE " + AT.line("accept-body") + " accept(" + RETRY + "): declares"
            + " parameter 1 of type " + RETRY,
        "RETURN_TYPE " + AT.line("find-body") + " find(): declares return type"
            + " java.util.Optional<" + TEMPLATE + ">");
  }

  static class ExtendsTemplate extends RetryTemplate {}

  static class ImplementsCallback implements RetryCallback<String, RuntimeException> {
    @Override
    public String doWithRetry(RetryContext context) {
      return "x";
    }
  }

  static class SuppliesRetry implements Supplier<Retry> {
    @Override
    public Retry get() {
      return null; // at: supplies-get
    }
  }

  static class ExtendsUserSubtype extends CountingRetryPolicy {}

  static class ExtendsPlain extends ArrayList<String> {}

  @Test
  void extendingACatalogClassIsOneSupertypeFindingNotAlsoAConstruction() {
    assertThat(findingsIn(ExtendsTemplate.class)).containsExactly(
        "SUPERTYPE 0 : extends " + TEMPLATE);
  }

  @Test
  void implementingACatalogInterfaceOrUsingItAsATypeArgumentIsASupertypeFinding() {
    assertThat(findingsIn(ImplementsCallback.class)).containsExactly(
        "SUPERTYPE 0 : implements org.springframework.retry.RetryCallback"
            + "<java.lang.String, java.lang.RuntimeException>");
    assertThat(findingsIn(SuppliesRetry.class)).containsExactly(
        "SUPERTYPE 0 : implements java.util.function.Supplier<" + RETRY + ">",
        "RETURN_TYPE " + AT.line("supplies-get") + " get(): declares return type " + RETRY);
  }

  @Test
  void extendingAUserSubtypeOfACatalogTypeIsASupertypeFinding() {
    assertThat(findingsIn(ExtendsUserSubtype.class)).containsExactly(
        "SUPERTYPE 0 : extends " + COUNTING + " (catalog entry " + SIMPLE_POLICY + ")");
  }

  @Test
  void extendingAnUnlistedTypeIsClean() {
    assertThat(findingsIn(ExtendsPlain.class)).isEmpty();
  }

  // ---------------------------------------------------------------- annotations

  @EnableRetry
  static class AnnotatedClass {
    @Retryable
    void send() {
      work(); // at: annotated-method-body
    }

    private void work() {}
  }

  interface AnnotatedInterfaceMethod {
    @Retryable
    void send();
  }

  @Backoff
  @Deprecated
  static class UnlistedAnnotations {}

  @Test
  void catalogAnnotationsOnClassesAndMethodsAreFindings() {
    assertThat(findingsIn(AnnotatedClass.class)).containsExactly(
        "ANNOTATION 0 : is annotated with @org.springframework.retry.annotation.EnableRetry",
        "ANNOTATION " + AT.line("annotated-method-body") + " send(): is annotated with @"
            + RETRYABLE);
  }

  @Test
  void aCatalogAnnotationOnAnInterfaceMethodIsAFindingAtLineZero() {
    assertThat(findingsIn(AnnotatedInterfaceMethod.class)).containsExactly(
        "ANNOTATION 0 send(): is annotated with @" + RETRYABLE);
  }

  @Test
  void unlistedAnnotationsAreClean() {
    assertThat(findingsIn(UnlistedAnnotations.class)).isEmpty();
  }

  @Retryable
  @Retention(RetentionPolicy.RUNTIME)
  @Target({ElementType.TYPE, ElementType.METHOD, ElementType.CONSTRUCTOR, ElementType.FIELD,
      ElementType.PARAMETER})
  @interface TeamRetry {}

  @TeamRetry
  @Retention(RetentionPolicy.RUNTIME)
  @Target(ElementType.METHOD)
  @interface TeamRetryDeeper {}

  static class UsesTeamRetry {
    @TeamRetry Object field;

    @TeamRetry
    UsesTeamRetry() { // at: team-constructor
      field = "x";
    }

    void parameter(@TeamRetry String value) {
      field = value; // at: team-parameter-body
    }

    @TeamRetryDeeper
    void deeper() {
      field = null; // at: team-deeper-body
    }
  }

  @Test
  void anAnnotationMetaAnnotatedWithACatalogAnnotationIsAFindingWhereverItIsUsed() {
    String team = SELF + "TeamRetry";
    String meta = ", which is meta-annotated with @" + RETRYABLE;
    assertThat(findingsIn(UsesTeamRetry.class)).containsExactlyInAnyOrder(
        "ANNOTATION 0 field: is annotated with @" + team + meta,
        "ANNOTATION " + AT.line("team-constructor") + " <init>(): is annotated with @"
            + team + meta,
        "ANNOTATION " + AT.line("team-parameter-body") + " parameter(java.lang.String): has"
            + " parameter 1 annotated with @" + team + meta,
        "ANNOTATION " + AT.line("team-deeper-body") + " deeper(): is annotated with @" + team
            + "Deeper" + meta);
  }

  @Test
  void theDeclarationOfAMetaAnnotatedAnnotationIsAFindingAtEveryDepth() {
    assertThat(findingsIn(TeamRetry.class)).containsExactly(
        "ANNOTATION 0 : is annotated with @" + RETRYABLE);
    assertThat(findingsIn(TeamRetryDeeper.class)).containsExactly(
        "ANNOTATION 0 : is annotated with @" + SELF + "TeamRetry, which is meta-annotated with @"
            + RETRYABLE);
  }

  // ---------------------------------------------------------------- scope and catalog

  @Test
  void theJobsPackagesMayUseRetryHelpers() {
    assertThat(findingsIn(RetryingJob.class)).isEmpty();
  }

  @Test
  void theSameCodeIsFlaggedWhenItsPackageIsNotAJobsPackage() {
    JavaClasses classes = new ClassFileImporter().importClasses(RetryingJob.class,
        fixtures.retryoutsidejobs.jobs.Resilience4jInJobs.class);
    GateConfig otherJobs = GateConfig.builder().jobsPackages("fixtures.**.jobs").build();
    assertThat(ArchFindings.findings(RetryOwnerRules.retryOutsideJobs(otherJobs), classes))
        .extracting(Finding::className).containsOnly(RetryingJob.class.getName())
        .hasSizeGreaterThanOrEqualTo(4);
  }

  static class HandsOverARetry {
    Object stage(RetryStages stages) {
      return stages.decorate(stages.retryFor("orders")); // at: hands-over
    }

    int several(RetryStages stages) {
      return stages.count(); // at: hands-over-array
    }
  }

  @Test
  void aCallOfAMemberThatTakesOrReturnsACatalogTypeIsAUse() {
    String stages = "dev.retryowner.archrules.RetryStages";
    assertThat(findingsIn(HandsOverARetry.class)).containsExactlyInAnyOrder(
        "CALL " + AT.line("hands-over") + " stage(" + stages + "): calls " + stages
            + "#decorate, which takes a " + RETRY,
        "CALL " + AT.line("hands-over") + " stage(" + stages + "): calls " + stages
            + "#retryFor, which returns a " + RETRY,
        "CALL " + AT.line("hands-over-array") + " several(" + stages + "): calls " + stages
            + "#count, which takes a " + RETRY);
  }

  @Test
  void withoutResolvingFromTheClassPathAHandedOverArrayOfAnUnimportedTypeIsSkipped() {
    ArchConfiguration.get().setResolveMissingDependenciesFromClassPath(false);
    try {
      JavaClasses classes = new ClassFileImporter()
          .importClasses(HandsOverARetry.class, RetryingJob.class);
      assertThat(ArchFindings.findings(RetryOwnerRules.retryOutsideJobs(CONFIG), classes))
          .extracting(f -> f.line() + " " + f.message())
          .containsExactlyInAnyOrder(
              AT.line("hands-over") + " calls dev.retryowner.archrules.RetryStages#decorate,"
                  + " which takes a " + RETRY,
              AT.line("hands-over") + " calls dev.retryowner.archrules.RetryStages#retryFor,"
                  + " which returns a " + RETRY);
    } finally {
      ArchConfiguration.get().reset();
    }
  }

  static class CallsLegacyRetrier {
    Object run() {
      return LegacyRetrier.attempt("x"); // at: legacy-call
    }
  }

  @Test
  void aTeamCatalogFileAddsEntriesAndNothingElseIsHardCoded(@TempDir Path dir)
      throws IOException {
    assertThat(findingsIn(CallsLegacyRetrier.class)).isEmpty();

    Path catalog = Files.writeString(dir.resolve("team.catalog"), "@rule RetryOutsideJobs\n"
        + "type dev.retryowner.archrules.LegacyRetrier @ our home-grown retry helper\n");
    GateConfig withTeamCatalog = GateConfig.builder().jobsPackages("dev.retryowner.archrules.jobs")
        .catalogFile(catalog).build();
    assertThat(findingsIn(withTeamCatalog, CallsLegacyRetrier.class)).containsExactly(
        "CALL " + AT.line("legacy-call") + " run(): calls dev.retryowner.archrules.LegacyRetrier"
            + "#attempt");
  }

  // ---------------------------------------------------------------- helpers

  /**
   * This package's test classes (the samples with their nested and anonymous classes, the shared
   * helper types, a jobs class so the jobs package pattern matches), imported once: an import
   * resolves the libraries' supertypes from the class path, which costs about a second.
   */
  private static final class Samples {
    static final JavaClasses CLASSES = new ClassFileImporter()
        .withImportOption(new ImportOption.OnlyIncludeTests())
        .importPackages("dev.retryowner.archrules");
    static final List<Finding> FINDINGS =
        ArchFindings.findings(RetryOwnerRules.retryOutsideJobs(CONFIG), CLASSES);
  }

  private static List<String> findingsIn(Class<?> sample) {
    return render(Samples.FINDINGS, sample);
  }

  private static List<String> findingsIn(GateConfig config, Class<?> sample) {
    return render(ArchFindings.findings(RetryOwnerRules.retryOutsideJobs(config),
        Samples.CLASSES), sample);
  }

  /** The sample's findings (its nested classes included) as {@code SITE line member: message}. */
  private static List<String> render(List<Finding> findings, Class<?> sample) {
    return findings.stream()
        .filter(f -> f.className().equals(sample.getName())
            || f.className().startsWith(sample.getName() + "$"))
        .map(f -> f.site() + " " + f.line() + " " + f.member() + ": " + f.message())
        .toList();
  }
}
