"""One torch.library op per alias-annotation form: a ``bad_*`` op that breaks what its form promises, one way, and a
``ok_*`` twin that keeps it (docs/architecture.md, "Alias annotations"; tests/test_annotation_forms.py)."""
import torch

LIB = torch.library.Library("opprop_ann", "DEF")

# name -> (schema, kernel)
DEFINED = {
    # an argument in a read set, (a): it may be viewed, not written
    "bad_view_writes": ("(Tensor(a) x) -> Tensor(a)", lambda x: x.add_(1).view(-1)),
    "ok_view": ("(Tensor(a) x) -> Tensor(a)", lambda x: x.view(-1)),
    # a return in a read set, (a): a view of the argument in it, nothing else
    "bad_view_copies": ("(Tensor(a) x) -> Tensor(a)", lambda x: x.clone()),
    "bad_view_of_other": ("(Tensor(a) x, Tensor y) -> Tensor(a)", lambda x, y: y.view(-1)),
    # a written argument and return, (a!): kept on its StorageImpl, and the return is the argument itself
    "bad_write_swaps": ("(Tensor(a!) x, Tensor y) -> Tensor(a!)", lambda x, y: x.set_(y.clone())),
    "bad_write_returns_copy": ("(Tensor(a!) x) -> Tensor(a!)", lambda x: x.add_(1).clone()),
    "bad_write_returns_other": ("(Tensor(a!) x, Tensor(b!) y) -> Tensor(a!)", lambda x, y: y.add_(1)),
    "bad_out_returns_copy": ("(Tensor x, *, Tensor(a!) out) -> Tensor(a!)", lambda x, out: out.copy_(x).clone()),
    "ok_write": ("(Tensor(a!) x) -> Tensor(a!)", lambda x: x.add_(1)),
    "ok_out": ("(Tensor x, *, Tensor(a!) out) -> Tensor(a!)", lambda x, out: out.copy_(x)),
    "ok_write_unwritten": ("(Tensor(a!) x) -> Tensor(a!)", lambda x: x),  # (a!) allows a write, demands none
    # an optional written argument and return, Tensor(a!)?
    "bad_optional_returns_copy": ("(Tensor(a!)? x) -> Tensor(a!)?", lambda x: None if x is None else x.add_(1).clone()),
    "ok_optional": ("(Tensor(a!)? x) -> Tensor(a!)?", lambda x: None if x is None else x.add_(1)),
    # a read argument whose views go to the wildcard set after the call, (a -> *), as split's self
    "bad_split_writes": ("(Tensor(a -> *) x) -> Tensor(a)[]", lambda x: x.add_(1).unbind(0)),
    "bad_split_copies": ("(Tensor(a -> *) x) -> Tensor(a)[]", lambda x: [x[0].clone(), x[1]]),
    "ok_split": ("(Tensor(a -> *) x) -> Tensor(a)[]", lambda x: x.unbind(0)),
    # the wildcard, (*): may alias anything wildcard, or nothing; still not written
    "bad_wildcard_writes": ("(Tensor(*) x) -> Tensor(*)", lambda x: x.add_(1).view(-1)),
    "bad_wildcard_views_plain": ("(Tensor x) -> Tensor(*)", lambda x: x.view(-1)),
    "ok_wildcard_view": ("(Tensor(*) x) -> Tensor(*)", lambda x: x.view(-1)),
    "ok_wildcard_fresh": ("(Tensor(*) x) -> Tensor(*)", lambda x: x.clone()),
    # a union of sets, (a|b): the argument is in both, a return in b may view it
    "bad_union_views_other": ("(Tensor(a|b) x, Tensor y) -> Tensor(b)", lambda x, y: y.view(-1)),
    "ok_union": ("(Tensor(a|b) x, Tensor y) -> Tensor(b)", lambda x, y: x.view(-1)),
    # a return set no argument has: fresh memory (b), or either (b|a), as aten::cpu
    "bad_fresh_set_views": ("(Tensor x) -> Tensor(b)", lambda x: x.view(-1)),
    "ok_fresh_set": ("(Tensor x) -> Tensor(b)", lambda x: x.clone()),
    "ok_fresh_or_view_copies": ("(Tensor(a) x) -> Tensor(b|a)", lambda x: x.clone()),
    "ok_fresh_or_view_views": ("(Tensor(a) x) -> Tensor(b|a)", lambda x: x.view(-1)),
    "ok_fresh_set_pair": ("(Tensor x) -> (Tensor(b), Tensor(b))", lambda x: (lambda y: (y.view(-1), y.view(3, 2)))(x + 1)),
    # one set on two arguments: the return may view either
    "bad_pair_copies": ("(Tensor(a) x, Tensor(a) y) -> Tensor(a)", lambda x, y: x.clone()),
    "ok_pair": ("(Tensor(a) x, Tensor(a) y) -> Tensor(a)", lambda x, y: y.view(-1)),
    # a list read on its elements, Tensor(a)[]: not written; the return views an element
    "bad_elements_written": ("(Tensor(a)[] xs) -> Tensor(a)", lambda xs: xs[0].add_(1).view(-1)),
    "bad_elements_copied": ("(Tensor(a)[] xs) -> Tensor(a)", lambda xs: xs[0].clone()),
    "ok_elements": ("(Tensor(a)[] xs) -> Tensor(a)", lambda xs: xs[-1].view(-1)),
    # a list written on its elements, Tensor(a!)[]: each element kept on its StorageImpl, other lists not written,
    # a list return of it is its elements themselves
    "bad_elements_swapped": ("(Tensor(a!)[] xs, Tensor y) -> ()", lambda xs, y: [xs[0].set_(y.clone()), None][1]),
    "bad_other_list_written": ("(Tensor(a!)[] xs, Tensor[] ys) -> ()", lambda xs, ys: [ys[0].add_(1), None][1]),
    "bad_elements_returned_copied": ("(Tensor(a!)[] xs) -> Tensor(a!)[]", lambda xs: [x.add_(1).clone() for x in xs]),
    "ok_elements_written": ("(Tensor(a!)[] xs, Tensor[] ys) -> ()", lambda xs, ys: [[x.add_(y) for x, y in zip(xs, ys)], None][1]),
    "ok_elements_returned": ("(Tensor(a!)[] xs) -> Tensor(a!)[]", lambda xs: [x.add_(1) for x in xs]),
}

for _name, (_schema, _kernel) in DEFINED.items():
    LIB.define(_name + _schema)
    LIB.impl(_name, _kernel, "CompositeExplicitAutograd")  # (runs with no tensor: ok_optional(None))

ops = torch.ops.opprop_ann
