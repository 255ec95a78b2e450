package dev.retryowner.archrules;

import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.core.domain.JavaAnnotation;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaConstructorCall;
import com.tngtech.archunit.core.domain.JavaConstructorReference;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaFieldAccess;
import com.tngtech.archunit.core.domain.JavaFieldAccess.AccessType;
import com.tngtech.archunit.core.domain.JavaMember;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.domain.JavaMethodReference;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.domain.JavaParameter;
import com.tngtech.archunit.core.domain.JavaStaticInitializer;
import com.tngtech.archunit.core.domain.JavaType;
import com.tngtech.archunit.core.domain.Source;
import dev.retryowner.catalog.CatalogEntry;
import dev.retryowner.catalog.EntryKind;
import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.Site;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Collects every use of what a rule forbids (catalog retry helpers, or the types behind a
 * Layering boundary, as the {@link UseMatcher} says) in one class: accesses in code (exact bytecode
 * lines) and declarations (line of the member as bytecode knows it, 0 for fields and types).
 */
final class ForbiddenUses {
  private final String rule;
  private final UseMatcher matcher;

  ForbiddenUses(String rule, UseMatcher matcher) {
    this.rule = rule;
    this.matcher = matcher;
  }

  /**
   * The uses in {@code type}, one event per (member, line, site, catalog entry), in code order;
   * {@code where} is appended to each message (empty, or why the class is in the rule's scope).
   */
  List<FindingEvent> in(JavaClass type, String where) {
    Collector found = new Collector(type, where);
    accesses(type, found);
    supertypes(type, found);
    annotations(type, found);
    for (JavaField field : sortedByName(type.getFields(), JavaField::getName)) {
      if (!field.getModifiers().contains(JavaModifier.SYNTHETIC)) {
        field(field, found);
      }
    }
    for (JavaCodeUnit codeUnit : sortedByName(type.getCodeUnits(), JavaCodeUnit::getFullName)) {
      if (isDeclaredInSource(codeUnit)) {
        codeUnit(codeUnit, found);
      }
    }
    return found.events();
  }

  private void accesses(JavaClass type, Collector found) {
    for (JavaMethodCall call : type.getMethodCallsFromSelf()) {
      if (!isOwnCode(type, call)) {
        Optional<CatalogEntry> entry = matcher.method(call.getTargetOwner(), call.getName());
        if (entry.isPresent()) {
          found.inCode(call, Site.CALL, entry.get(), "calls " + member(call),
              call.getTargetOwner());
        } else {
          handsOver(call, Site.CALL, "calls " + member(call),
              call.getTarget().getRawParameterTypes(),
              Optional.of(call.getTarget().getRawReturnType()), found);
        }
      }
    }
    for (JavaConstructorCall call : type.getConstructorCallsFromSelf()) {
      if (!isChainedConstructorCall(call) && !isGenerated(call.getOrigin())) {
        Optional<CatalogEntry> entry = matcher.constructed(call.getTargetOwner());
        if (entry.isPresent()) {
          found.inCode(call, Site.CONSTRUCTOR_CALL, entry.get(),
              "constructs " + display(call.getTargetOwner()), call.getTargetOwner());
        } else if (!sameNest(call.getTargetOwner(), type)) {
          handsOver(call, Site.CONSTRUCTOR_CALL, "constructs " + display(call.getTargetOwner()),
              call.getTarget().getRawParameterTypes(), Optional.empty(), found);
        }
      }
    }
    for (JavaFieldAccess access : type.getFieldAccessesFromSelf()) {
      if (!isOwnCode(type, access)) {
        String verb = access.getAccessType() == AccessType.SET ? "writes field " : "reads field ";
        matcher.type(access.getTargetOwner()).ifPresent(entry -> found.inCode(access,
            Site.FIELD_ACCESS, entry, verb + member(access), access.getTargetOwner()));
      }
    }
    for (JavaMethodReference reference : type.getMethodReferencesFromSelf()) {
      if (!isOwnCode(type, reference)) {
        String used =
            "references " + display(reference.getTargetOwner()) + "::" + reference.getName();
        Optional<CatalogEntry> entry =
            matcher.method(reference.getTargetOwner(), reference.getName());
        if (entry.isPresent()) {
          found.inCode(reference, Site.METHOD_REFERENCE, entry.get(), used,
              reference.getTargetOwner());
        } else {
          handsOver(reference, Site.METHOD_REFERENCE, used,
              reference.getTarget().getRawParameterTypes(),
              Optional.of(reference.getTarget().getRawReturnType()), found);
        }
      }
    }
    for (JavaConstructorReference reference : type.getConstructorReferencesFromSelf()) {
      String used = "references " + display(reference.getTargetOwner()) + "::new";
      Optional<CatalogEntry> entry = matcher.constructed(reference.getTargetOwner());
      if (entry.isPresent()) {
        found.inCode(reference, Site.METHOD_REFERENCE, entry.get(), used,
            reference.getTargetOwner());
      } else if (!sameNest(reference.getTargetOwner(), type)) {
        handsOver(reference, Site.METHOD_REFERENCE, used,
            reference.getTarget().getRawParameterTypes(), Optional.empty(), found);
      }
    }
  }

  /**
   * A call or reference of a member that is no catalog entry but takes or returns a catalog type
   * (parameters first, then the return type, as erased in the descriptor): it hands a retry
   * helper over or receives one, e.g. a decorator's {@code withRetry(retry)} or a holder's
   * {@code getRetry()}. One finding, for the first such type.
   */
  private void handsOver(JavaAccess<?> call, Site site, String used,
      List<JavaClass> parameterTypes, Optional<JavaClass> returnType, Collector found) {
    if (!matcher.coversHandedOverTypes()) {
      return;
    }
    List<JavaClass> signature = new ArrayList<>(parameterTypes);
    returnType.ifPresent(signature::add);
    int parameters = parameterTypes.size();
    for (int i = 0; i < signature.size(); i++) {
      Optional<JavaClass> involved = elementType(signature.get(i));
      Optional<CatalogEntry> entry = involved.flatMap(matcher::type);
      if (entry.isPresent()) {
        String how = i < parameters ? ", which takes a " : ", which returns a ";
        found.inCode(call, site, entry.get(), used + how + display(involved.get()),
            involved.get());
        return;
      }
    }
  }

  /**
   * The element type of an array (the type itself otherwise); empty when the import left an
   * array's component type out, as it may for a type only a call's descriptor names.
   */
  private static Optional<JavaClass> elementType(JavaClass type) {
    Optional<JavaClass> element = Optional.of(type);
    while (element.isPresent() && element.get().isArray()) {
      element = element.get().tryGetComponentType();
    }
    return element;
  }

  private void supertypes(JavaClass type, Collector found) {
    List<JavaType> supertypes = new ArrayList<>();
    type.getSuperclass().ifPresent(supertypes::add);
    supertypes.addAll(sortedByName(type.getInterfaces(), JavaType::getName));
    for (JavaType supertype : supertypes) {
      boolean isSuperclass = !type.isInterface() && !supertype.toErasure().isInterface();
      String verb = isSuperclass || type.isInterface() ? "extends " : "implements ";
      for (JavaClass involved : involvedTypes(supertype)) {
        matcher.type(involved).ifPresent(entry -> found.declaration(type, "", 0, Site.SUPERTYPE,
            entry, verb + display(supertype), involved));
      }
    }
  }

  private void field(JavaField field, Collector found) {
    for (JavaClass involved : involvedTypes(field.getType())) {
      matcher.type(involved).ifPresent(entry -> found.declaration(field, Site.FIELD_TYPE, entry,
          "declares field '" + field.getName() + "' of type " + display(field.getType()),
          involved));
    }
    annotations(field, found);
  }

  private void codeUnit(JavaCodeUnit codeUnit, Collector found) {
    boolean hasDeclaredParameters = !codeUnit.getOwner().isAnonymousClass()
        || !codeUnit.isConstructor();
    for (JavaParameter parameter : hasDeclaredParameters ? codeUnit.getParameters()
        : List.<JavaParameter>of()) {
      String position = "parameter " + (parameter.getIndex() + 1);
      for (JavaClass involved : involvedTypes(parameter.getType())) {
        matcher.type(involved).ifPresent(entry -> found.declaration(codeUnit,
            Site.PARAMETER_TYPE, entry,
            "declares " + position + " of type " + display(parameter.getType()), involved));
      }
      for (JavaAnnotation<?> annotation : sortedAnnotations(parameter.getAnnotations())) {
        matcher.annotation(annotation.getRawType()).ifPresent(entry -> found.declaration(
            codeUnit, Site.ANNOTATION, entry,
            "has " + position + " annotated with " + annotation(annotation.getRawType(), entry),
            annotation.getRawType()));
      }
    }
    if (codeUnit instanceof JavaMethod method) {
      for (JavaClass involved : involvedTypes(method.getReturnType())) {
        matcher.type(involved).ifPresent(entry -> found.declaration(method, Site.RETURN_TYPE,
            entry, "declares return type " + display(method.getReturnType()), involved));
      }
    }
    annotations(codeUnit, found);
  }

  private void annotations(JavaMember member, Collector found) {
    for (JavaAnnotation<?> annotation : sortedAnnotations(member.getAnnotations())) {
      JavaClass used = annotation.getRawType();
      matcher.annotation(used).ifPresent(entry -> found.declaration(member, Site.ANNOTATION,
          entry, "is annotated with " + annotation(used, entry), used));
    }
  }

  private void annotations(JavaClass type, Collector found) {
    for (JavaAnnotation<?> annotation : sortedAnnotations(type.getAnnotations())) {
      JavaClass used = annotation.getRawType();
      matcher.annotation(used).ifPresent(entry -> found.declaration(type, "", 0, Site.ANNOTATION,
          entry, "is annotated with " + annotation(used, entry), used));
    }
  }

  /** {@code @pkg.Used}, and the catalog annotation it carries when that is another one. */
  private static String annotation(JavaClass annotationType, CatalogEntry entry) {
    String used = "@" + display(annotationType);
    return annotationType.getName().equals(entry.typeName()) ? used
        : used + ", which is meta-annotated with @" + entry.displayName();
  }

  /**
   * True if the use runs work under the retry: a call of a catalog method entry (a retry
   * operator such as {@code retryWhen}), or of a member the catalog says runs work under its
   * retry ({@code runs}: {@code RetryOperations#execute}). Other uses build or configure it.
   */
  private boolean runsWork(JavaAccess<?> access, CatalogEntry entry) {
    return (access instanceof JavaMethodCall || access instanceof JavaMethodReference)
        && (entry.kind() == EntryKind.METHOD
            || matcher.runs(access.getTargetOwner(), access.getName()));
  }

  /**
   * Members of the class's own nest (itself, its nested and enclosing classes) are its own code,
   * not a use of a helper, even when the class extends a catalog type: the extends clause is the
   * finding. Inherited members resolve to their declaring type and stay findings. Accesses from
   * bridge methods repeat the method they bridge to.
   */
  private static boolean isOwnCode(JavaClass type, JavaAccess<?> access) {
    if (isGenerated(access.getOrigin())) {
      return true;
    }
    Optional<JavaClass> declaringType = access.getTarget().resolveMember()
        .map(JavaMember::getOwner);
    return declaringType.map(declaring -> sameNest(declaring, type)).orElse(false);
  }

  /** {@code super(...)} and {@code this(...)} belong to the class declaration: no construction. */
  static boolean isChainedConstructorCall(JavaConstructorCall call) {
    JavaCodeUnit origin = call.getOrigin();
    if (!origin.isConstructor()) {
      return false;
    }
    JavaClass owner = origin.getOwner();
    JavaClass target = call.getTargetOwner();
    return target.equals(owner)
        || owner.getRawSuperclass().map(superclass -> superclass.equals(target)).orElse(false);
  }

  static boolean isGenerated(JavaCodeUnit codeUnit) {
    return codeUnit.getModifiers().contains(JavaModifier.BRIDGE)
        || codeUnit.getModifiers().contains(JavaModifier.SYNTHETIC);
  }

  /** Synthetic and bridge methods, and an anonymous class's constructor, have no declaration. */
  private static boolean isDeclaredInSource(JavaCodeUnit codeUnit) {
    return !isGenerated(codeUnit) && !(codeUnit instanceof JavaStaticInitializer);
  }

  private static boolean sameNest(JavaClass a, JavaClass b) {
    return topLevelName(a.getName()).equals(topLevelName(b.getName()));
  }

  private static String topLevelName(String binaryName) {
    int nesting = binaryName.indexOf('$', binaryName.lastIndexOf('.') + 1);
    return nesting < 0 ? binaryName : binaryName.substring(0, nesting);
  }

  /** The raw types a declared type involves: itself, type arguments, bounds, array components. */
  private static List<JavaClass> involvedTypes(JavaType type) {
    return sortedByName(type.getAllInvolvedRawTypes().stream()
        .map(raw -> raw.isArray() ? raw.getBaseComponentType() : raw)
        .collect(Collectors.toSet()), JavaClass::getName);
  }

  private static String member(JavaAccess<?> access) {
    return display(access.getTargetOwner()) + "#" + access.getName();
  }

  /** A type as a reader writes it in source: nested types with dots, generics, {@code []}. */
  static String display(JavaType type) {
    if (type instanceof JavaClass array && array.isArray()) {
      return display(array.getComponentType()) + "[]";
    }
    return type.getName().replace('$', '.');
  }

  /** How findings name a member: field name, or method name with raw parameter types. */
  static String memberName(JavaMember member) {
    if (member instanceof JavaCodeUnit codeUnit) {
      return codeUnit.getName() + codeUnit.getRawParameterTypes().stream()
          .map(JavaClass::getName).collect(Collectors.joining(", ", "(", ")"));
    }
    return member.getName();
  }

  /** The source path bytecode records: package path plus the SourceFile attribute. */
  static String sourcePath(JavaClass type) {
    String fileName = type.getSource().flatMap(Source::getFileName)
        .orElseGet(() -> simpleName(topLevelName(type.getName())) + ".java");
    String packagePath = type.getPackageName().replace('.', '/');
    return packagePath.isEmpty() ? fileName : packagePath + "/" + fileName;
  }

  private static String simpleName(String binaryName) {
    return binaryName.substring(binaryName.lastIndexOf('.') + 1);
  }

  private static <T> List<T> sortedByName(Collection<? extends T> items, Function<T, String> name) {
    List<T> sorted = new ArrayList<>(items);
    sorted.sort(Comparator.comparing(name));
    return sorted;
  }

  private static List<JavaAnnotation<?>> sortedAnnotations(
      Collection<? extends JavaAnnotation<?>> annotations) {
    List<JavaAnnotation<?>> sorted = new ArrayList<>(annotations);
    sorted.sort(Comparator.comparing(a -> a.getRawType().getName()));
    return sorted;
  }

  /** Turns matches into events for one class, keeping one per (member, line, site, entry). */
  private final class Collector {
    private final JavaClass type;
    private final String sourcePath;
    private final String where;
    private final Map<String, FindingEvent> events = new LinkedHashMap<>();

    Collector(JavaClass type, String where) {
      this.type = type;
      this.sourcePath = sourcePath(type);
      this.where = where;
    }

    void inCode(JavaAccess<?> access, Site site, CatalogEntry entry, String used,
        JavaClass usedType) {
      JavaCodeUnit origin = access.getOrigin();
      add(origin.getDescription(), memberName(origin), access.getLineNumber(), site, entry, used,
          usedType, runsWork(access, entry) ? Finding.Part.RUNS : Finding.Part.SETS_UP);
    }

    void declaration(JavaMember member, Site site, CatalogEntry entry, String used,
        JavaClass usedType) {
      add(member.getDescription(), memberName(member),
          member.getSourceCodeLocation().getLineNumber(), site, entry, used, usedType,
          Finding.partOf(site));
    }

    void declaration(JavaClass declared, String member, int line, Site site, CatalogEntry entry,
        String used, JavaClass usedType) {
      add(declared.getDescription(), member, line, site, entry, used, usedType,
          Finding.partOf(site));
    }

    private void add(String subject, String member, int line, Site site, CatalogEntry entry,
        String used, JavaClass usedType, Finding.Part part) {
      String message = matcher.message(used, usedType, entry) + where;
      Finding finding = new Finding(rule, type.getName(), member, sourcePath, line, site,
          entry.displayName(), message, entry.reason(), part, List.of());
      String key = member + "|" + line + "|" + site + "|" + entry.target() + "|" + message;
      events.putIfAbsent(key, new FindingEvent(subject, finding, true));
    }

    List<FindingEvent> events() {
      return List.copyOf(events.values());
    }
  }
}
