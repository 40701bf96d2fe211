Require Import Coq.Lists.List.
Require Import Mapsound.MsDecide Mapsound.Refute_llvm_nvptx_2024_sc_per_scope_atomicity Mapsound.Check_llvm_nvptx_2024_sc_per_scope_dec.
Definition source_100 : bool := List.forallb (fun _ : nat =>
  match Check_llvm_nvptx_2024_sc_per_scope_dec.Src_dec.consistent_c fs Sb Ws0 with Some _ => true | None => false end) (List.seq 0 100).
Definition target_100 : bool := List.forallb (fun _ : nat =>
  match Check_llvm_nvptx_2024_sc_per_scope_dec.Tgt_dec.consistent_c ft Tb Wt with Some _ => true | None => false end) (List.seq 0 100).
Time Eval vm_compute in source_100.
Time Eval vm_compute in target_100.
