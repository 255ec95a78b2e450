package dev.retryowner.catalog;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Reads the plain catalog format, one entry a line, the way forbidden-apis signature files read:
 *
 * <pre>
 * # a comment
 * &#64;rule RetryOutsideJobs
 * &#64;library resilience4j-retry 2.4.0
 * type io.github.resilience4j.retry.Retry @ decorates calls with retries
 * constructor java.lang.Thread @ starts a thread nobody shuts down
 * method reactor.core.publisher.Mono#retry @ re-subscribes after an error
 * annotation org.eclipse.microprofile.faulttolerance.Retry @ retries the annotated method
 * scope-annotation org.springframework.stereotype.Controller @ a visitor waits on its methods
 * scope-type jakarta.servlet.Servlet @ a visitor waits on its service method
 * &#64;library OkHttp 4.12.0
 * client-builder okhttp3.OkHttpClient$Builder @ starts a client with retries on
 * no-retry okhttp3.OkHttpClient$Builder#retryOnConnectionFailure(false) @ switches them off
 * retrying-constructor okhttp3.OkHttpClient() @ the default client retries
 * &#64;unless-jvm-property jdk.httpclient.disableRetryConnect=true
 * retrying-factory java.net.http.HttpClient#newHttpClient @ re-sends after a connect failure
 * &#64;library resilience4j-retry 2.4.0
 * &#64;attempts 3
 * type io.github.resilience4j.retry.Retry @ decorates calls with its own attempts
 * attempts-argument io.github.resilience4j.retry.RetryConfig$Builder#maxAttempts(0) @ the count
 * client-call okhttp3.OkHttpClient#newCall @ sends a request through an OkHttp client
 * entry-type dev.retryowner.jobs.JobHandler @ the runtime calls a handler once per attempt
 * &#64;library JDK HttpURLConnection
 * retrying-factory java.net.URL#openConnection used-as=java.net.HttpURLConnection @ HTTP only
 * resend-call okhttp3.Interceptor$Chain#proceed @ sends the request down the chain
 * redelivery-call com.rabbitmq.client.Channel#basicNack(*, *, false) @ requeues unless false
 * </pre>
 *
 * <p>{@code @unless-jvm-property} and {@code @attempts} (the attempts in all, the first one
 * included, that the library makes when the code configures nothing) apply to the entries after
 * them up to the next {@code @library} or {@code @rule}.
 *
 * <p>A {@code retrying-factory} or {@code retrying-constructor} entry may ask for evidence after
 * its target ({@link UseEvidence}): {@code used-as=pkg.Type,..} and, for a factory, {@code
 * receiver-literal=prefix,..} and {@code receiver-input-through=pkg.Owner#method,..}; or what keeps
 * it from being a finding, {@code unless-setting=key:value} with {@code
 * setting-keys=pkg.Owner#NAME,..} (an argument's settings map turns the retries off); values hold
 * no spaces. A {@code client-builder} or {@code
 * retrying-factory} method may be followed by {@code declared-in=subtypes}: each subtype declares
 * that static method (a family of generated clients), the type does not.
 *
 * <p>Every entry needs a reason after {@code " @ "}. Names are binary names ({@code Outer$Inner}).
 */
final class CatalogParser {
  private static final String REASON_SEPARATOR = " @ ";
  private static final Pattern BINARY_NAME =
      Pattern.compile("[\\p{javaJavaIdentifierStart}][\\p{javaJavaIdentifierPart}]*"
          + "(\\.[\\p{javaJavaIdentifierStart}][\\p{javaJavaIdentifierPart}]*)+");
  private static final Pattern METHOD_NAME =
      Pattern.compile("[\\p{javaJavaIdentifierStart}][\\p{javaJavaIdentifierPart}]*");

  private static final Pattern PARAMETER_TYPE = Pattern.compile(
      "[\\p{javaJavaIdentifierStart}][\\p{javaJavaIdentifierPart}.$]*(\\[])*");
  static final Pattern JVM_PROPERTY = Pattern.compile("[^\\s=]+=\\S*");
  private static final String USED_AS = "used-as";
  private static final String RECEIVER_LITERAL = "receiver-literal";
  private static final String RECEIVER_INPUT_THROUGH = "receiver-input-through";
  private static final String UNLESS_SETTING = "unless-setting";
  private static final String SETTING_KEYS = "setting-keys";
  private static final Pattern SETTING = Pattern.compile("[^\\s:=,]+:[^\\s:=,]+");
  private static final String DECLARED_IN_SUBTYPES = "declared-in=subtypes";

  private final String file;
  private final List<CatalogEntry> entries = new ArrayList<>();
  private final Map<String, Integer> lineOfTarget = new HashMap<>();
  private String rule;
  private String library = "";
  private String unlessJvmProperty = "";
  private OptionalInt attempts = OptionalInt.empty();
  private int lineNumber;

  private CatalogParser(String file) {
    this.file = file;
  }

  static List<CatalogEntry> parse(String file, Reader reader) throws IOException {
    CatalogParser parser = new CatalogParser(file);
    BufferedReader lines = new BufferedReader(reader);
    for (String line = lines.readLine(); line != null; line = lines.readLine()) {
      parser.lineNumber++;
      parser.parseLine(line.strip());
    }
    parser.requireNoRetryForEveryBuilder();
    parser.requireBuilderForEverySwitchOn();
    return List.copyOf(parser.entries);
  }

  private void parseLine(String line) {
    if (line.isEmpty() || line.startsWith("#")) {
      return;
    }
    if (line.startsWith("@")) {
      parseDirective(line);
    } else {
      parseEntry(line);
    }
  }

  private void parseDirective(String line) {
    String[] parts = line.split("\\s+", 2);
    String value = parts.length > 1 ? parts[1].strip() : "";
    switch (parts[0]) {
      case "@rule" -> {
        if (RuleRegistry.byName(value).isEmpty()) {
          throw error("unknown rule '" + value + "'; known rules: " + RuleRegistry.names());
        }
        rule = value;
        unlessJvmProperty = "";
        attempts = OptionalInt.empty();
      }
      case "@library" -> {
        if (value.isEmpty()) {
          throw error("@library needs a label, e.g. '@library resilience4j-retry 2.4.0'");
        }
        library = value;
        unlessJvmProperty = "";
        attempts = OptionalInt.empty();
      }
      case "@attempts" -> attempts = OptionalInt.of(attemptCount(value));
      case "@unless-jvm-property" -> {
        if (!JVM_PROPERTY.matcher(value).matches()) {
          throw error("@unless-jvm-property needs 'key=value', e.g. '@unless-jvm-property"
              + " jdk.httpclient.disableRetryConnect=true'");
        }
        unlessJvmProperty = value;
      }
      default -> throw error("unknown directive '" + parts[0] + "'; expected @rule, @library,"
          + " @unless-jvm-property or @attempts");
    }
  }

  /** The count of an {@code @attempts} line: a whole number of attempts, 1 or more. */
  private int attemptCount(String value) {
    try {
      int count = Integer.parseInt(value);
      if (count >= 1) {
        return count;
      }
    } catch (NumberFormatException e) {
      // reported below with the fix
    }
    throw error("@attempts needs the attempts in all, the first one included, as a whole number"
        + " of 1 or more, e.g. '@attempts 3' for a library that tries once and retries twice;"
        + " found '" + value + "'");
  }

  private void parseEntry(String line) {
    // Lines arrive stripped, so an entry ending in " @" (reason left out) needs the pad to match.
    String padded = line + " ";
    int separator = padded.indexOf(REASON_SEPARATOR);
    if (separator < 0) {
      throw error("missing reason: end the entry with ' @ <why it is listed>'");
    }
    String reason = padded.substring(separator + REASON_SEPARATOR.length()).strip();
    if (reason.isEmpty()) {
      throw error("empty reason after ' @ ': say why the entry is listed");
    }
    String[] words = withoutSpacesInParentheses(line.substring(0, separator).strip())
        .split("\\s+");
    if (words.length < 2) {
      throw wordCount(words.length);
    }
    EntryKind kind = EntryKind.ofKeyword(words[0])
        .orElseThrow(() -> error("unknown kind '" + words[0] + "'; expected one of "
            + EntryKind.keywords()));
    List<String> attributes = new ArrayList<>(List.of(words).subList(2, words.length));
    boolean declaredInSubtypes = attributes.remove(DECLARED_IN_SUBTYPES);
    if (declaredInSubtypes && !words[1].contains("#") || declaredInSubtypes
        && kind != EntryKind.CLIENT_BUILDER && kind != EntryKind.RETRYING_FACTORY) {
      throw error(DECLARED_IN_SUBTYPES + " follows a client-builder or retrying-factory method"
          + " (pkg.Type#method) that the type's subtypes declare, e.g. 'client-builder"
          + " software.amazon.awssdk.core.SdkClient#builder " + DECLARED_IN_SUBTYPES + "'");
    }
    if (!attributes.isEmpty() && !kind.allowsEvidence()) {
      throw wordCount(words.length);
    }
    UseEvidence evidence = evidence(kind, attributes);
    if (rule == null) {
      throw error("entry before any '@rule <RuleName>' line: say which rule it feeds");
    }
    String target = words[1];
    Optional<List<String>> parameters = Optional.empty();
    int open = target.indexOf('(');
    if (open >= 0) {
      if (!target.endsWith(")")) {
        throw error("'" + target + "' opens '(' without closing it at the end, e.g."
            + " pkg.Type#method(false)");
      }
      if (!kind.allowsParameterTypes() && !kind.allowsArgumentPatterns()
          && kind != EntryKind.ATTEMPTS_ARGUMENT) {
        throw error("a " + kind.keyword() + " entry takes no parameter list: '" + target + "'");
      }
      String inside = target.substring(open + 1, target.length() - 1);
      parameters = Optional.of(inside.isEmpty() ? List.of()
          : List.copyOf(ArgumentPattern.splitArguments(inside)));
      target = target.substring(0, open);
    } else if (kind == EntryKind.ATTEMPTS_ARGUMENT) {
      throw error("an attempts-argument entry names the index (from 0) of the argument that holds"
          + " the count, e.g. 'pkg.RetryConfig$Builder#maxAttempts(0)'; found '" + target + "'");
    } else if (kind == EntryKind.NO_RETRY) {
      throw error("a no-retry entry names the arguments that switch retries off, e.g."
          + " 'pkg.Builder#retryOnConnectionFailure(false)' or 'pkg.Type(0, *)'; found '"
          + target + "'");
    }
    String typeName = target;
    String memberName = "";
    int hash = target.indexOf('#');
    if (hash >= 0 && kind.allowsMember()) {
      typeName = target.substring(0, hash);
      memberName = target.substring(hash + 1);
      if (!METHOD_NAME.matcher(memberName).matches()) {
        throw error("'" + memberName + "' is not a method name (all overloads are meant unless"
            + " a parameter list follows)");
      }
    } else if (kind.namesMethod()) {
      throw error("a " + kind.keyword() + " entry names 'pkg.Type#method', found '" + target
          + "'");
    } else if (hash >= 0) {
      String article = kind == EntryKind.ANNOTATION ? "an " : "a ";
      throw error(article + kind.keyword() + " entry names a type, not a member: '" + target + "'");
    }
    if (!BINARY_NAME.matcher(typeName).matches()) {
      throw error("'" + typeName + "' is not a fully-qualified type name (package.Type,"
          + " Outer$Inner for nested types)");
    }
    parameters.ifPresent(list -> checkParameters(kind, list));
    CatalogEntry entry = new CatalogEntry(rule, kind, typeName, memberName, parameters, reason,
        library, unlessJvmProperty, evidence, file + ":" + lineNumber, attempts,
        declaredInSubtypes);
    // Blocks may share an origin or a switch (two requirements on one builder, one NoRetry call
    // serving two clients); any other entry once.
    boolean perBlock = kind == EntryKind.CLIENT_BUILDER || kind == EntryKind.NO_RETRY;
    String key = rule + " " + (perBlock ? library + " " : "") + kind.keyword() + " "
        + entry.target();
    Integer earlier = lineOfTarget.putIfAbsent(key, lineNumber);
    if (earlier != null) {
      throw error("duplicate entry '" + kind.keyword() + " " + entry.target() + "' (first at line "
          + earlier + ")");
    }
    entries.add(entry);
  }

  private CatalogFormatException wordCount(int count) {
    return error("expected '<kind> <target> @ <reason>' but found " + count + " word(s) before"
        + " ' @ '");
  }

  /**
   * The evidence attributes after a target: {@code used-as=pkg.Type,..} and, for a factory,
   * {@code receiver-literal=prefix,..} and {@code receiver-input-through=pkg.Owner#method,..},
   * each at most once.
   */
  private UseEvidence evidence(EntryKind kind, List<String> attributes) {
    Map<String, List<String>> values = new HashMap<>();
    for (String attribute : attributes) {
      int equals = attribute.indexOf('=');
      String key = equals < 0 ? attribute : attribute.substring(0, equals);
      if (equals < 0 || !(key.equals(USED_AS) || key.equals(RECEIVER_LITERAL)
          || key.equals(RECEIVER_INPUT_THROUGH) || key.equals(UNLESS_SETTING)
          || key.equals(SETTING_KEYS))) {
        throw error("'" + attribute + "' is not an attribute; after its target a " + kind.keyword()
            + " entry takes " + USED_AS + "=pkg.Type,.. (the result is used as one of these"
            + " types)" + (kind == EntryKind.RETRYING_FACTORY ? ", " + RECEIVER_LITERAL
            + "=prefix,.. (the receiver is built from a string literal with one of these"
            + " prefixes), " + RECEIVER_INPUT_THROUGH + "=pkg.Owner#method,.. (the receiver"
            + " is a parameter or field, passed on through only these calls)" : "") + " and "
            + UNLESS_SETTING + "=key:value with " + SETTING_KEYS + "=pkg.Owner#NAME,.. (an"
            + " argument's settings map sets key to value: no finding)");
      }
      if ((key.equals(RECEIVER_LITERAL) || key.equals(RECEIVER_INPUT_THROUGH))
          && kind != EntryKind.RETRYING_FACTORY) {
        throw error("a " + kind.keyword() + " entry has no receiver: " + key
            + "= applies to retrying-factory entries");
      }
      if (values.containsKey(key)) {
        throw error(key + "= is given twice; write every value in one, separated by ','");
      }
      List<String> items = List.of(attribute.substring(equals + 1).split(",", -1));
      if (items.stream().anyMatch(String::isEmpty)) {
        throw error(key + "= needs " + example(key));
      }
      if (key.equals(USED_AS)) {
        items.stream().filter(type -> !BINARY_NAME.matcher(type).matches()).findFirst()
            .ifPresent(type -> {
              throw error("'" + type + "' in " + USED_AS + "= is not a fully-qualified type name"
                  + " (package.Type, Outer$Inner for nested types)");
            });
      }
      if (key.equals(RECEIVER_INPUT_THROUGH)) {
        requireMembers(key, items, "call: write pkg.Owner#method, or pkg.Owner#<init> for a"
            + " constructor");
      }
      if (key.equals(UNLESS_SETTING)
          && (items.size() != 1 || !SETTING.matcher(items.get(0)).matches())) {
        throw error("'" + attribute + "' needs one key:value, e.g. " + UNLESS_SETTING
            + "=retries:0");
      }
      if (key.equals(SETTING_KEYS)) {
        requireMembers(key, items, "constant: write pkg.Owner#NAME");
      }
      values.put(key, items);
    }
    if (values.containsKey(SETTING_KEYS) != values.containsKey(UNLESS_SETTING)) {
      throw error(SETTING_KEYS + "= names the constants of an " + UNLESS_SETTING + "= key: write"
          + " both, e.g. " + UNLESS_SETTING + "=retries:0 " + SETTING_KEYS
          + "=org.apache.kafka.clients.producer.ProducerConfig#RETRIES_CONFIG");
    }
    return new UseEvidence(values.getOrDefault(USED_AS, List.of()),
        values.getOrDefault(RECEIVER_LITERAL, List.of()),
        values.getOrDefault(RECEIVER_INPUT_THROUGH, List.of()),
        values.getOrDefault(UNLESS_SETTING, List.of()).stream().findFirst(),
        values.getOrDefault(SETTING_KEYS, List.of()));
  }

  /** Fails on the first item that is no {@code pkg.Owner#member}: "is no " and {@code what}. */
  private void requireMembers(String key, List<String> items, String what) {
    items.stream().filter(item -> !item.contains("#")
            || !BINARY_NAME.matcher(item.substring(0, item.indexOf('#'))).matches())
        .findFirst().ifPresent(item -> {
          throw error("'" + item + "' in " + key + "= is no " + what);
        });
  }

  /** What an evidence attribute's values are, with an example. */
  private static String example(String key) {
    return switch (key) {
      case USED_AS -> "fully-qualified type names separated by ',', e.g. " + USED_AS
          + "=java.net.HttpURLConnection,javax.net.ssl.HttpsURLConnection";
      case RECEIVER_LITERAL -> "prefixes separated by ',', e.g. " + RECEIVER_LITERAL
          + "=http://,https://";
      case UNLESS_SETTING -> "one key:value, e.g. " + UNLESS_SETTING + "=retries:0";
      case SETTING_KEYS -> "constants separated by ',', e.g. " + SETTING_KEYS
          + "=org.apache.kafka.clients.producer.ProducerConfig#RETRIES_CONFIG";
      default -> "calls separated by ',', e.g. " + RECEIVER_INPUT_THROUGH
          + "=java.net.URL#<init>,java.net.URI#toURL";
    };
  }

  /** Lets a parameter list read {@code (0, *)} as well as {@code (0,*)}. */
  private static String withoutSpacesInParentheses(String text) {
    int open = text.indexOf('(');
    int close = text.lastIndexOf(')');
    if (open < 0 || close < open) {
      return text;
    }
    return text.substring(0, open) + text.substring(open, close).replaceAll("\\s+", "")
        + text.substring(close);
  }

  private void checkParameters(EntryKind kind, List<String> written) {
    for (String each : written) {
      if (kind == EntryKind.ATTEMPTS_ARGUMENT) {
        if (written.size() != 1 || !each.matches("\\d{1,3}")) {
          throw error("an attempts-argument entry names one argument index (from 0) in"
              + " parentheses, e.g. 'pkg.RetryConfig$Builder#maxAttempts(0)'; found '("
              + String.join(", ", written) + ")'");
        }
      } else if (kind == EntryKind.REDELIVERY_CALL) {
        Optional<ArgumentPattern> pattern = ArgumentPattern.parse(each);
        if (pattern.isEmpty() || pattern.get().kind() != ArgumentPattern.Kind.ANY
            && pattern.get().kind() != ArgumentPattern.Kind.LITERAL) {
          throw error("'" + each + "' is not an argument pattern of a redelivery-call; write '*'"
              + " or the literal that keeps the message from being redelivered (false, 0),"
              + " separated by ','");
        }
      } else if (kind == EntryKind.NO_RETRY) {
        if (ArgumentPattern.parse(each).isEmpty()) {
          throw error("'" + each + "' is not an argument pattern; write " + ArgumentPattern.forms()
              + ", separated by ','");
        }
      } else if (!PARAMETER_TYPE.matcher(each).matches()) {
        throw error("'" + each + "' is not a parameter type; write erased binary names such as"
            + " java.lang.String, int or byte[], separated by ','");
      }
    }
  }

  /** A client-builder with no no-retry entry in its block could never be built NoRetry. */
  private void requireNoRetryForEveryBuilder() {
    requirePartnerInBlock(EntryKind.CLIENT_BUILDER,
        e -> e.kind() == EntryKind.NO_RETRY && !e.memberName().isEmpty(),
        "has no 'no-retry pkg.Type#method(..)' entry in its @library block",
        "so it could never be built NoRetry; add the call that switches its retries off, or list"
            + " it as retrying-factory/retrying-constructor");
  }

  /** A switch-on entry switches on what its block's client-builder starts: it needs one. */
  private void requireBuilderForEverySwitchOn() {
    requirePartnerInBlock(EntryKind.SWITCH_ON, e -> e.kind() == EntryKind.CLIENT_BUILDER,
        "has no client-builder entry in its @library block",
        "so no flow it could switch on starts anywhere; add the builder it configures, or list"
            + " the method as retrying-call if every call of it turns retries on");
  }

  /**
   * Every entry of {@code kind} needs an entry of the same rule and {@code @library} block that
   * {@code partner} accepts; the first without one is an error at its line.
   */
  private void requirePartnerInBlock(EntryKind kind, Predicate<CatalogEntry> partner,
      String lacks, String consequence) {
    for (CatalogEntry entry : entries) {
      boolean linked = entries.stream().anyMatch(e -> partner.test(e)
          && e.rule().equals(entry.rule()) && e.library().equals(entry.library()));
      if (entry.kind() == kind && !linked) {
        lineNumber = Integer.parseInt(entry.origin().substring(file.length() + 1));
        throw error(kind.keyword() + " " + entry.target() + " " + lacks + " ("
            + (entry.library().isEmpty() ? "none" : entry.library()) + "), " + consequence);
      }
    }
  }

  private CatalogFormatException error(String problem) {
    return new CatalogFormatException(file, lineNumber, problem);
  }
}
