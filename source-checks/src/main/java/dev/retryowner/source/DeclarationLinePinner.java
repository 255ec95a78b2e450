package dev.retryowner.source;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.AnnotationMemberDeclaration;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.CompactConstructorDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.EnumConstantDeclaration;
import com.github.javaparser.ast.body.EnumDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.RecordDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AnnotationExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.Type;
import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.Site;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Pins declaration-site findings (field, parameter, return and local types, supertypes,
 * annotations) to the source line that names the target. Bytecode has exact lines only for
 * instructions; for declarations it knows at best the member's first line. A finding whose
 * source or member is not found keeps its bytecode line.
 */
public final class DeclarationLinePinner {
  private static final Pattern PARAMETER = Pattern.compile("\\bparameter (\\d+)\\b");
  private static final Pattern LOCAL_CLASS = Pattern.compile("(\\d+)(.*)");

  private final List<Path> sourceRoots;
  private final TypeRelations relations;
  private final JavaSources sources;
  private final Map<String, Optional<ParsedUnit>> units = new HashMap<>();

  /** Source files come from {@code sources}, which keeps the warnings for unparsable files. */
  public DeclarationLinePinner(List<Path> sourceRoots, TypeRelations relations,
      JavaSources sources) {
    this.sourceRoots = List.copyOf(sourceRoots);
    this.relations = relations;
    this.sources = sources;
  }

  /**
   * The findings in the same order, declaration sites moved to their source lines. A finding
   * whose message names a parameter ("parameter 2") is pinned to that parameter; several findings
   * of one member, site and target take the matching source positions in order.
   */
  public List<Finding> pin(List<Finding> findings) {
    Map<DeclarationKey, List<Integer>> groups = new LinkedHashMap<>();
    for (int i = 0; i < findings.size(); i++) {
      Finding finding = findings.get(i);
      if (!finding.site().isInCode()) {
        groups.computeIfAbsent(DeclarationKey.of(finding), k -> new ArrayList<>()).add(i);
      }
    }
    List<Finding> pinned = new ArrayList<>(findings);
    for (Map.Entry<DeclarationKey, List<Integer>> group : groups.entrySet()) {
      List<Position> positions = sourcePositions(group.getKey());
      List<Integer> lines = positions.stream()
          .filter(p -> p.parameter() == group.getKey().parameter()).map(Position::line)
          .distinct().toList();
      if (lines.isEmpty()) {
        lines = positions.stream().map(Position::line).distinct().toList();
      }
      if (lines.isEmpty()) {
        continue;
      }
      List<Integer> indexes = group.getValue();
      for (int i = 0; i < indexes.size(); i++) {
        int index = indexes.get(i);
        pinned.set(index, findings.get(index).atLine(lines.get(Math.min(i, lines.size() - 1))));
      }
    }
    return pinned;
  }

  private List<Position> sourcePositions(DeclarationKey key) {
    Optional<ParsedUnit> unit = units.computeIfAbsent(key.sourcePath(), this::parse);
    if (unit.isEmpty()) {
      return List.of();
    }
    Optional<Node> declaringClass = unit.get().locateClass(key.className());
    if (declaringClass.isEmpty()) {
      return List.of();
    }
    String target = key.target().contains("#")
        ? key.target().substring(0, key.target().indexOf('#')) : key.target();
    String simpleClassName = key.className().substring(
        Math.max(key.className().lastIndexOf('.'), key.className().lastIndexOf('$')) + 1);
    MemberSignature member = MemberSignature.parse(key.member(), simpleClassName);
    MemberLookup lookup = new MemberLookup(declaringClass.get(), member);
    List<Position> positions = new ArrayList<>();
    if (key.site() == Site.ANNOTATION) {
      for (AnnotationExpr annotation : lookup.annotations()) {
        if (unit.get().names(annotation.getNameAsString(), annotation).stream()
            .anyMatch(name -> relations.isOrCarries(name, target))) {
          annotation.getBegin().ifPresent(p -> positions.add(Position.of(p.line, annotation)));
        }
      }
    } else {
      for (Type declared : lookup.declaredTypes(key.site())) {
        for (ClassOrInterfaceType named : SourceTypeNames.classTypesIn(declared)) {
          if (unit.get().names(named.getNameWithScope(), named).stream()
              .anyMatch(name -> relations.isOrExtends(name, target))) {
            named.getBegin().ifPresent(p -> positions.add(Position.of(p.line, named)));
          }
        }
      }
    }
    positions.sort(Comparator.comparingInt(Position::line));
    return positions;
  }

  /**
   * A source line naming the target, and the 0-based index of the parameter it belongs to, or
   * -1 when it belongs to the member itself.
   */
  private record Position(int line, int parameter) {
    static Position of(int line, Node node) {
      for (Node n = node; n != null; n = n.getParentNode().orElse(null)) {
        if (n instanceof Parameter parameter
            && parameter.getParentNode().orElse(null) instanceof CallableDeclaration<?> callable) {
          return new Position(line, callable.getParameters().indexOf(parameter));
        }
      }
      return new Position(line, -1);
    }
  }

  private Optional<ParsedUnit> parse(String sourcePath) {
    return JavaSources.find(sourceRoots, sourcePath).flatMap(sources::unit)
        .map(unit -> new ParsedUnit(unit, new SourceTypeNames(unit, relations)));
  }

  /**
   * The identity shared by findings that must be pinned together; {@code parameter} is the
   * 0-based parameter the message names ("parameter 2"), or -1.
   */
  private record DeclarationKey(String sourcePath, String className, String member, Site site,
      String target, int parameter) {
    static DeclarationKey of(Finding finding) {
      Matcher named = PARAMETER.matcher(finding.message());
      int parameter = named.find() ? Integer.parseInt(named.group(1)) - 1 : -1;
      return new DeclarationKey(finding.sourcePath(), finding.className(), finding.member(),
          finding.site(), finding.target(), parameter);
    }
  }

  private record ParsedUnit(CompilationUnit unit, SourceTypeNames names) {
    Set<String> names(String writtenName, Node place) {
      return names.candidates(writtenName, place);
    }

    /**
     * The node declaring a binary class name: a type declaration, or the object creation of an
     * anonymous class ({@code Outer$1}, numbered in source order as javac does).
     */
    Optional<Node> locateClass(String className) {
      String pkg = names.packageName();
      if (!pkg.isEmpty() && !className.startsWith(pkg + ".")) {
        return Optional.empty();
      }
      String[] segments = className.substring(pkg.isEmpty() ? 0 : pkg.length() + 1).split("\\$");
      Optional<Node> current = unit.getTypes().stream()
          .filter(t -> t.getNameAsString().equals(segments[0])).map(t -> (Node) t).findFirst();
      for (int i = 1; i < segments.length && current.isPresent(); i++) {
        current = nestedClass(current.get(), segments[i]);
      }
      return current;
    }

    private static Optional<Node> nestedClass(Node enclosing, String segment) {
      Matcher local = LOCAL_CLASS.matcher(segment);
      if (!local.matches()) {
        return membersOf(enclosing).stream()
            .filter(m -> m instanceof TypeDeclaration<?> t && t.getNameAsString().equals(segment))
            .map(m -> (Node) m).findFirst();
      }
      if (!local.group(2).isEmpty()) {
        return enclosing.findAll(TypeDeclaration.class, t -> SourceTypeNames.isLocalClass(t)
                && t.getNameAsString().equals(local.group(2))
                && SourceTypeNames.closestClass(t.getParentNode().orElseThrow()) == enclosing)
            .stream().map(t -> (Node) t).findFirst();
      }
      List<ObjectCreationExpr> anonymous = enclosing.findAll(ObjectCreationExpr.class,
          o -> o.getAnonymousClassBody().isPresent()
              && SourceTypeNames.closestClass(o.getParentNode().orElseThrow()) == enclosing);
      int number = Integer.parseInt(local.group(1));
      return number <= anonymous.size()
          ? Optional.of(anonymous.get(number - 1)) : Optional.empty();
    }
  }

  private static List<BodyDeclaration<?>> membersOf(Node classNode) {
    if (classNode instanceof TypeDeclaration<?> type) {
      return new ArrayList<>(type.getMembers());
    }
    if (classNode instanceof ObjectCreationExpr creation) {
      return new ArrayList<>(creation.getAnonymousClassBody().orElseGet(NodeList::new));
    }
    return List.of();
  }

  /** The declarations in one class that a finding's member names. */
  private static final class MemberLookup {
    private final Node classNode;
    private final MemberSignature member;

    MemberLookup(Node classNode, MemberSignature member) {
      this.classNode = classNode;
      this.member = member;
    }

    List<Type> declaredTypes(Site site) {
      List<Type> types = new ArrayList<>();
      switch (site) {
        case FIELD_TYPE -> {
          fields().forEach(v -> types.add(v.getType()));
          recordComponents().forEach(p -> types.add(p.getType()));
        }
        case PARAMETER_TYPE -> {
          callables().forEach(c -> c.getParameters().forEach(p -> types.add(p.getType())));
          if (member.isConstructor()) {
            recordComponents().forEach(p -> types.add(p.getType()));
          }
        }
        case RETURN_TYPE -> {
          for (BodyDeclaration<?> m : membersOf(classNode)) {
            if (m instanceof MethodDeclaration method && isNamedMethod(method)) {
              types.add(method.getType());
            } else if (m instanceof AnnotationMemberDeclaration attribute
                && attribute.getNameAsString().equals(member.name())) {
              types.add(attribute.getType());
            }
          }
          if (types.isEmpty()) {
            recordComponents().forEach(p -> types.add(p.getType()));
          }
        }
        case LOCAL_TYPE -> {
          for (CallableDeclaration<?> callable : callables()) {
            callable.findAll(VariableDeclarationExpr.class)
                .forEach(v -> v.getVariables().forEach(d -> types.add(d.getType())));
            callable.findAll(Parameter.class, p -> p.getParentNode().orElse(null) != callable)
                .forEach(p -> types.add(p.getType()));
          }
        }
        case SUPERTYPE -> {
          if (classNode instanceof ClassOrInterfaceDeclaration type) {
            types.addAll(type.getExtendedTypes());
            types.addAll(type.getImplementedTypes());
          } else if (classNode instanceof EnumDeclaration type) {
            types.addAll(type.getImplementedTypes());
          } else if (classNode instanceof RecordDeclaration type) {
            types.addAll(type.getImplementedTypes());
          } else if (classNode instanceof ObjectCreationExpr creation) {
            types.add(creation.getType());
          }
        }
        default -> { }
      }
      return types;
    }

    List<AnnotationExpr> annotations() {
      List<AnnotationExpr> annotations = new ArrayList<>();
      if (member.isClass()) {
        if (classNode instanceof TypeDeclaration<?> type) {
          annotations.addAll(type.getAnnotations());
        }
        return annotations;
      }
      for (BodyDeclaration<?> m : membersOf(classNode)) {
        if (m instanceof FieldDeclaration field && field.getVariables().stream()
            .anyMatch(v -> v.getNameAsString().equals(member.name()))) {
          annotations.addAll(field.getAnnotations());
        } else if (m instanceof EnumConstantDeclaration constant
            && constant.getNameAsString().equals(member.name())) {
          annotations.addAll(constant.getAnnotations());
        } else if (m instanceof AnnotationMemberDeclaration attribute
            && attribute.getNameAsString().equals(member.name())) {
          annotations.addAll(attribute.getAnnotations());
        }
      }
      for (CallableDeclaration<?> callable : callables()) {
        annotations.addAll(callable.getAnnotations());
        callable.getParameters().forEach(p -> annotations.addAll(p.getAnnotations()));
      }
      recordComponents().forEach(p -> annotations.addAll(p.getAnnotations()));
      if (classNode instanceof EnumDeclaration enumType) {
        enumType.getEntries().stream().filter(e -> e.getNameAsString().equals(member.name()))
            .forEach(e -> annotations.addAll(e.getAnnotations()));
      }
      return annotations;
    }

    private List<VariableDeclarator> fields() {
      List<VariableDeclarator> fields = new ArrayList<>();
      for (BodyDeclaration<?> m : membersOf(classNode)) {
        if (m instanceof FieldDeclaration field) {
          field.getVariables().stream().filter(v -> v.getNameAsString().equals(member.name()))
              .forEach(fields::add);
        }
      }
      return fields;
    }

    private List<CallableDeclaration<?>> callables() {
      List<CallableDeclaration<?>> callables = new ArrayList<>();
      for (BodyDeclaration<?> m : membersOf(classNode)) {
        if (m instanceof MethodDeclaration method && isNamedMethod(method)
            || m instanceof ConstructorDeclaration ctor && member.isConstructor()
                && member.acceptsParameters(writtenTypes(ctor.getParameters()))) {
          callables.add((CallableDeclaration<?>) m);
        }
      }
      return callables;
    }

    private boolean isNamedMethod(MethodDeclaration method) {
      return method.getNameAsString().equals(member.name())
          && member.acceptsParameters(writtenTypes(method.getParameters()));
    }

    /**
     * Record components stand for the field, the accessor and the canonical constructor's
     * parameters javac derives from them.
     */
    private List<Parameter> recordComponents() {
      if (!(classNode instanceof RecordDeclaration record)) {
        return List.of();
      }
      if (member.isConstructor()) {
        boolean explicitCanonical = record.getMembers().stream().anyMatch(
            m -> m instanceof ConstructorDeclaration c
                && c.getParameters().size() == record.getParameters().size());
        boolean compact = record.getMembers().stream()
            .anyMatch(m -> m instanceof CompactConstructorDeclaration);
        return explicitCanonical && !compact ? List.of() : record.getParameters();
      }
      return record.getParameters().stream()
          .filter(p -> p.getNameAsString().equals(member.name())).toList();
    }

    private static List<String> writtenTypes(NodeList<Parameter> parameters) {
      return parameters.stream()
          .map(p -> p.getType().asString() + (p.isVarArgs() ? "[]" : "")).toList();
    }
  }
}
